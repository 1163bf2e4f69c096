import FetchEngine
/// Everything `etl crawl` can be told.
public struct CrawlOptions: Sendable, Equatable {
    public static let defaultAPI = SourceName.met.defaultAPI

    /// Which API this run crawls; it also picks the default catalog and pages.
    public var source = SourceName.met
    public var api = CrawlOptions.defaultAPI
    public var catalogPath = SourceName.met.defaultCatalogPath
    public var outDirectory = SourceName.met.defaultOutDirectory
    public var idsFile: String?
    /// Rate, refusals, retries and budgets: shared with `etl images`.
    public var pacing = PacingOptions()
    public var userAgent = CrawlOptions.defaultUserAgent
    /// The page settings given; the catalog's fill in the rest.
    public var paging = PageSettings()
    /// Re-fetch every listed object, ignoring the cursor.
    public var isFull = false
    /// `YYYY-MM-DD`: re-fetch what changed since then instead of since the last run.
    public var since: String?
    /// MetObjects.csv to order the work by (likely complete first).
    public var csvPath: String?
    /// With `csvPath`: do not fetch never-fetched objects the CSV shows cannot pass.
    public var isCSVSkip = false
    /// The largest share of the catalog's listed objects, in percent, that
    /// one listing may withdraw (`--max-withdraw`); 100 allows any.
    public var maxWithdrawPercent = 10.0
    /// `--source flickr`: the search.
    public var flickr = FlickrQuery()
    /// `--source tmdb`: region and language.
    public var tmdb = TMDBQuery()

    public static let defaultUserAgent = "etl/\(ETLVersion.current) (offline dataset builder for the Met Collection API; libcurl)"

    /// Seconds per `run_minutes` row: 60; tests shorten it to see several rows.
    public var telemetrySeconds = 60.0
    /// The wait before a retry (exponential, full jitter): the engine's
    /// default; tests of the listings shorten it, as their mocks' odd
    /// answers are the subject, not the waiting.
    public var backoff = Backoff()
    public init() {}
}

/// The tool's version, shown by `etl --version` and in the User-Agent.
public enum ETLVersion {
    public static let current = "0.1.0"
}
