import FetchEngine

/// Everything `etl images` can be told.
public struct ImageOptions: Sendable, Equatable {
    /// Picks the default catalog and image host.
    public var source = SourceName.met
    public var catalogPath = SourceName.met.defaultCatalogPath
    public var directory = SourceName.met.defaultImageDirectory
    /// Every kept work, not only the paged ones.
    public var isAll = false
    /// Try again images that failed in earlier runs.
    public var retryFailed = false
    /// Rate, refusals, retries and budgets: the same options as `etl crawl`.
    public var pacing = PacingOptions()
    public var userAgent = CrawlOptions.defaultUserAgent
    /// Larger bodies are refused (`too_large`); originals can be big.
    public var maxBodyBytes = 64 * 1024 * 1024
    /// Decoding limits and the thumbnail's size and format (`--thumb-size`,
    /// `--thumb-format`); the byte limit is ``maxBodyBytes``.
    public var pictures = PictureDecoder.Settings()
    /// The hosts pictures may be fetched from (`--image-hosts` widens it).
    public var imageHosts = ImageHosts()

    /// Seconds per `run_minutes` row: 60; tests shorten it to see several rows.
    public var telemetrySeconds = 60.0
    public init() {}
}
