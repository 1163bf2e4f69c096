/// How much of the catalog one listing may withdraw (`--max-withdraw`).
///
/// A listing that suddenly omits most IDs is far likelier a broken answer
/// (an empty array, a truncated page) than the museum withdrawing its
/// collection; acting on it would empty `works` and every page file.
public struct WithdrawLimit: Sendable, Equatable {
    /// Percent of the listed objects, 0…100; 100 allows any.
    public var percent: Double
    /// The listing's URL, for the error.
    public var url: String

    public init(percent: Double, url: String) {
        self.percent = percent
        self.url = url
    }

    public static let any = WithdrawLimit(percent: 100, url: "")

    /// Throws when the IDs in `id_set` would withdraw too many of `catalog`'s listed objects.
    func check(_ catalog: Catalog) throws {
        guard percent < 100 else { return }
        let counts = try catalog.database.fetchOne(sql: """
            SELECT count(*) AS listed,
                   coalesce(sum(object_id NOT IN (SELECT object_id FROM id_set)), 0) AS withdrawn
              FROM objects WHERE is_listed = 1
            """)
        let listed = try counts?.integer(named: "listed") ?? 0
        let withdrawn = try counts?.integer(named: "withdrawn") ?? 0
        guard Double(withdrawn) > Double(listed) * percent / 100 else { return }
        let limit = percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
        throw CrawlError.tooManyWithdrawn(url: url, withdrawn: withdrawn, listed: listed, limit: limit)
    }
}
