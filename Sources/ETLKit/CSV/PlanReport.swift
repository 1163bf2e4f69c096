/// What `etl plan` tells: how the CSV splits the work and what it saves.
public struct PlanReport: Sendable, Equatable, Codable {
    public var listed = 0
    public var likelyComplete = 0
    /// Listed IDs the CSV does not have (newer than the snapshot).
    public var unknown = 0
    /// Listed IDs whose CSV row shows they cannot pass.
    public var cannotPass = 0
    public var reasons: [String: Int] = [:]
    public var csvRows = 0
    public var csvBadRows = 0
    /// Object requests for a full crawl, and with `--csv-skip`.
    public var requestsWithoutSkip = 0
    public var requestsWithSkip = 0
    /// The rate the times are computed at, in requests per second.
    public var rate = 1.0
    public var secondsWithoutSkip = 0.0
    public var secondsWithSkip = 0.0

    public init() {}
}
