import FetchEngine
import Store

/// Everything `etl crawl` can be told.
package struct CrawlOptions: Sendable, Equatable {
    /// Which API this run crawls; it also picks the default catalog and pages.
    package var source: SourceName
    package var api: String
    package var catalogPath: String
    package var outDirectory: String
    package var idsFile: String?
    /// Rate, refusals, retries and budgets: shared with `etl images`.
    package var pacing = PacingOptions()
    /// The source's (``SourceDefaults/userAgent``) unless `--user-agent` is given.
    package var userAgent: String
    /// The page settings given; the catalog's fill in the rest.
    package var paging = PageSettings()
    /// Re-fetch every listed object, ignoring the cursor.
    package var isFull = false
    /// The largest share of the catalog's listed objects, in percent, that
    /// one listing may withdraw (`--max-withdraw`); 100 allows any.
    package var maxWithdrawPercent = 10.0
    /// The values of options only the source takes (`SourceOption`, in the
    /// source kit), by their key; the source reads them.
    package var sourceSettings: [String: String] = [:]

    /// Seconds per `run_minutes` row: 60; tests shorten it to see several rows.
    package var telemetrySeconds = 60.0
    /// The wait before a retry (exponential, full jitter): the engine's
    /// default; tests of the listings shorten it, as their mocks' odd
    /// answers are the subject, not the waiting.
    package var backoff = Backoff()

    /// The options of a crawl of `source` with its defaults.
    package init(source: SourceName, defaults: SourceDefaults) {
        self.source = source
        api = defaults.api
        catalogPath = defaults.catalogPath
        outDirectory = defaults.outDirectory
        userAgent = defaults.userAgent
        if let percent = defaults.maxWithdrawPercent { maxWithdrawPercent = percent }
    }
}

/// The tool's version, shown by `etl --version` and in the User-Agent.
package enum ETLVersion {
    package static let current = "0.1.0"
}
