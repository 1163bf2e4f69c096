/// Everything `etl report` shows, read from the catalog in one go.
struct ReportData: Sendable {
    struct Run: Sendable, Equatable {
        var id: Int
        var startedAt: String
        var status: String
        var mode: String
        var queued: Int
        var requests: Int
        var fetched: Int
        var kept: Int
        var keptDelta: Int
        var gone: Int
        var failed: Int
        var badIDs: Int
        var blocks: Int
        var retries: Int
        var durationSeconds: Double
        var achievedRate: Double
        var maxDurationSeconds: Double?
        var maxRequests: Int?
        var error: String?
    }

    /// A `run_minutes` row, as charts use it.
    struct Minute: Sendable, Equatable {
        var runID: Int
        var minute: Int
        var seconds: Double
        var requests: Int
        var ok: Int
        var gone: Int
        var failed: Int
        var retries: Int
        var refusals: Int
        var blocks: Int
        var rateInForce: Double?
        var ceiling: Double?
    }

    /// An `etl images` run, known only by its minutes.
    struct ImageRun: Sendable, Equatable {
        var startedAt: String
        var minutes: [Minute]
        var bytes: Int
    }

    struct Count: Sendable, Equatable {
        var name: String
        var count: Int
    }

    var catalogPath: String
    var status: CatalogStatus
    /// Every crawl, oldest first.
    var runs: [Run]
    /// The minutes of the runs the report details, by run ID.
    var minutes: [Int: [Minute]]
    var departments: [Count]
    /// Centuries in order, e.g. `19th c.`, `1st c. BCE`; then `unknown`.
    var centuries: [Count]
    /// The run IDs shown in detail, newest first.
    var detailedRunIDs: [Int]
    /// The last image runs, newest first.
    var imageRuns: [ImageRun]
}
