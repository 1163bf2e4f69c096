/// A crawl's figures, as printed at the end and stored in `runs`.
public struct CrawlSummary: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
        /// Every queued object got an outcome.
        case completed
        /// `--max-requests` or `--max-duration` ended the run; the rest is queued.
        case budgetReached = "budget_reached"
        /// SIGINT or SIGTERM ended the run; the rest is queued.
        case interrupted
        case failed
    }

    public var status: Status = .completed
    public var mode = "full"
    public var listed: Int?
    public var withdrawn = 0
    /// Listed IDs left out: 0 or negative, or repeated in the listing.
    public var skippedListed = 0
    public var queued = 0
    /// Objects `--csv-skip` took out of the queue in this run.
    public var plannedOut = 0
    public var requests = 0
    public var fetched = 0
    public var gone = 0
    public var failed = 0
    public var badIDs = 0
    /// Confirmed blocks (each cooled down and lowered the rate).
    public var blocks = 0
    /// Refused answers (403, 429, an HTML page), blocks' and noise's alike.
    public var refusals = 0
    /// Suspected blocks a probe dismissed as noise.
    public var noise = 0
    public var retries = 0
    public var kept = 0
    public var keptDelta = 0
    public var pageLinesChanged = 0
    /// Queued objects left for the next run.
    public var remaining = 0
    /// Kept works beyond the pages' capacity.
    public var unpaged = 0
    public var durationSeconds = 0.0
    public var achievedRate = 0.0
    public var error: String?
    /// Which API was crawled (absent in summaries from before sources).
    public var source: SourceName?
    /// Flickr, TMDB: items listed with no usable ID (counted, not stored),
    /// and answers of items already listed (re-reads, repeated pages).
    public var withoutUsableID: Int?
    public var listedAgain: Int?
    /// Flickr: upload-date windows searched (one when the query has at most 4,000 matches).
    public var windows: Int?
    /// Flickr: windows whose pages never agreed on their total (photos
    /// deleted meanwhile): the listing withdrew nothing.
    public var unsteadyWindows: Int?
    /// Flickr: photos past the 4,000 Flickr serves of one upload second (nothing withdrawn).
    public var unreachable: Int?
    /// TMDB: times the list was read (more than one when it moved meanwhile).
    public var listPasses: Int?
    /// TMDB: false when the list still moved in the last pass (nothing withdrawn).
    public var isListSettled: Bool?
    /// TMDB: pages of the list, and those the app's whole-page decode loses
    /// (one incomplete movie costs it the page's 20).
    public var listPages: Int?
    public var pagesLostToWholePageDecode: Int?
    /// Lines of the page folder's manifest that were not page names, dropped
    /// as the pages were written (escaped); nil when there were none.
    public var ignoredManifestLines: [String]?

    public init() {}
}
