import ETLCore
import ETLPictures
import FetchEngine
import Store

/// One minute of a crawl or an image run: a `run_minutes` row.
package struct RunMinute: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable {
        case crawl, images
    }

    package var kind: Kind
    /// When the run started (UTC timestamp); with `kind`, names the run.
    package var runStartedAt: String
    /// The `runs` row of a crawl; nil for an image run, which has none.
    package var runID: Int?
    /// 0, 1, 2 … from the start of the run.
    package var minute = 0
    package var startedAt = ""
    /// The span the row covers: about 60 s; the last row of a run is shorter,
    /// the first one longer when listing took more than a minute.
    package var seconds = 0.0
    package var requests = 0
    /// Answers recorded as data: fetched records, saved pictures.
    package var ok = 0
    /// 404 and 400 answers (objects gone or bad IDs).
    package var gone = 0
    package var failed = 0
    package var retries = 0
    package var refusals = 0
    package var noise = 0
    /// Blocks confirmed in this minute.
    package var blocks = 0
    package var bytes = 0
    /// Requests per second in force at the end of the minute; nil when unlimited.
    package var rateInForce: Double?
    package var rateAchieved = 0.0
    package var ceiling: Double?
    /// Items whose outcome was committed.
    package var objects = 0
    /// Fetched records that passed every filter rule (works to be, before duplicates).
    package var complete = 0

    package init(kind: Kind, runStartedAt: String, runID: Int?) {
        self.kind = kind
        self.runStartedAt = runStartedAt
        self.runID = runID
    }
}
