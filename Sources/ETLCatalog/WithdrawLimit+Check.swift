import ETLCore
import ETLPictures
import FetchEngine
import Store

extension WithdrawLimit {
    /// Throws when the IDs in `id_set` would withdraw too many of `catalog`'s
    /// listed objects; `excluding` (SQL selecting object IDs) names objects
    /// this listing stored first, which were not listed before it.
    package func check(_ catalog: Catalog, excluding: String? = nil) throws {
        guard percent < 100 else { return }
        let counts = try catalog.database.fetchOne(sql: """
            SELECT count(*) AS listed,
                   coalesce(sum(object_id NOT IN (SELECT object_id FROM id_set)), 0) AS withdrawn
              FROM objects WHERE is_listed = 1\(excluding.map { " AND object_id NOT IN (\($0))" } ?? "")
            """)
        let listed = try counts?.integer(named: "listed") ?? 0
        let withdrawn = try counts?.integer(named: "withdrawn") ?? 0
        guard Double(withdrawn) > Double(listed) * percent / 100 else { return }
        let limit = percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
        throw CrawlError.tooManyWithdrawn(url: url, withdrawn: withdrawn, listed: listed, limit: limit)
    }
}
