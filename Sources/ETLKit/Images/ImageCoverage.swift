/// How many kept and paged works have a verified picture, per the catalog.
public struct ImageCoverage: Sendable, Equatable, Codable {
    public var kept = 0
    public var keptVerified = 0
    public var paged = 0
    public var pagedVerified = 0
    /// Kept works whose image failed (for their current URL).
    public var failed = 0
    /// Those failures by ``ImageFailure`` raw value.
    public var failures: [String: Int] = [:]
    /// Good rows in `images` (files on disk, as last recorded) and their size.
    public var files = 0
    public var bytes = 0
    /// The folder of the last `etl images` run, if any.
    public var directory: String?

    public init() {}
}
