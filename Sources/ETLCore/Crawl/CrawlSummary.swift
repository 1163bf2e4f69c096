import FetchEngine
import Store

/// A crawl's figures, as printed at the end and stored in `runs`.
package struct CrawlSummary: Sendable, Equatable, Codable {
    package enum Status: String, Sendable, Codable {
        /// Every queued object got an outcome.
        case completed
        /// `--max-requests` or `--max-duration` ended the run; the rest is queued.
        case budgetReached = "budget_reached"
        /// SIGINT or SIGTERM ended the run; the rest is queued.
        case interrupted
        case failed
    }

    package var status: Status = .completed
    package var mode = "full"
    package var listed: Int?
    package var withdrawn = 0
    /// Listed IDs left out: 0 or negative, or repeated in the listing.
    package var skippedListed = 0
    package var queued = 0
    /// Objects the source planned out of the queue in this run (a snapshot showed they cannot pass).
    package var plannedOut = 0
    package var requests = 0
    package var fetched = 0
    package var gone = 0
    package var failed = 0
    package var badIDs = 0
    /// Confirmed blocks (each cooled down and lowered the rate).
    package var blocks = 0
    /// Refused answers (403, 429, an HTML page), blocks' and noise's alike.
    package var refusals = 0
    /// Suspected blocks a probe dismissed as noise.
    package var noise = 0
    package var retries = 0
    package var kept = 0
    package var keptDelta = 0
    package var pageLinesChanged = 0
    /// Queued objects left for the next run.
    package var remaining = 0
    /// Kept works beyond the pages' capacity.
    package var unpaged = 0
    package var durationSeconds = 0.0
    package var achievedRate = 0.0
    package var error: String?
    /// Which API was crawled (absent in summaries from before sources).
    package var source: SourceName?
    /// Listing sources: items listed with no usable ID (counted, not stored),
    /// and answers of items already listed (re-reads, repeated pages).
    package var withoutUsableID: Int?
    package var listedAgain: Int?
    /// Figures only some sources have (a search's windows, a list's
    /// passes), by the name their source declares (``SummaryFigure``); the
    /// source's `summaryLines` prints them.
    package var figures: [String: FigureValue] = [:]
    /// Lines of the page folder's manifest that were not page names, dropped
    /// as the pages were written (escaped); nil when there were none.
    package var ignoredManifestLines: [String]?
    /// Why the page folder's manifest itself was ignored (a symbolic link,
    /// a FIFO); nil when it was read or absent.
    package var ignoredManifest: String?

    package init() {}
}
