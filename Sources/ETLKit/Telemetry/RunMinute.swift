/// One minute of a crawl or an image run: a `run_minutes` row.
public struct RunMinute: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case crawl, images
    }

    public var kind: Kind
    /// When the run started (UTC timestamp); with `kind`, names the run.
    public var runStartedAt: String
    /// The `runs` row of a crawl; nil for an image run, which has none.
    public var runID: Int?
    /// 0, 1, 2 … from the start of the run.
    public var minute = 0
    public var startedAt = ""
    /// The span the row covers: about 60 s; the last row of a run is shorter,
    /// the first one longer when listing took more than a minute.
    public var seconds = 0.0
    public var requests = 0
    /// Answers recorded as data: fetched records, saved pictures.
    public var ok = 0
    /// 404 and 400 answers (objects gone or bad IDs).
    public var gone = 0
    public var failed = 0
    public var retries = 0
    public var refusals = 0
    public var noise = 0
    /// Blocks confirmed in this minute.
    public var blocks = 0
    public var bytes = 0
    /// Requests per second in force at the end of the minute; nil when unlimited.
    public var rateInForce: Double?
    public var rateAchieved = 0.0
    public var ceiling: Double?
    /// Items whose outcome was committed.
    public var objects = 0
    /// Fetched records that passed every filter rule (works to be, before duplicates).
    public var complete = 0

    public init(kind: Kind, runStartedAt: String, runID: Int?) {
        self.kind = kind
        self.runStartedAt = runStartedAt
        self.runID = runID
    }
}
