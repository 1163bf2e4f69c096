/// Everything `etl images` can be told.
public struct ImageOptions: Sendable, Equatable {
    public var catalogPath = "data/catalog.sqlite"
    public var directory = "data/images"
    /// Every kept work, not only the paged ones.
    public var isAll = false
    /// Try again images that failed in earlier runs.
    public var retryFailed = false
    public var concurrency = 4
    public var rate: RateSetting = .auto
    public var rateStart = 1.0
    public var rateMax = 80.0
    public var cooldown = 60.0
    /// Answers per image per run (retries and blocks included).
    public var maxAttempts = 5
    public var timeout = 30.0
    public var maxRequests: Int?
    public var maxDuration: Double?
    public var userAgent = CrawlOptions.defaultUserAgent
    /// Larger bodies are refused (`too_large`); originals can be big.
    public var maxBodyBytes = 64 * 1024 * 1024
    /// The hosts pictures may be fetched from (`--image-hosts` widens it).
    public var imageHosts = ImageHosts()
    /// Seed for retry jitter.
    public var jitterSeed: UInt64 = 0

    public init() {}

    /// The pacing and retry settings of `crawl`, with the image defaults for the rest.
    public init(pacing crawl: CrawlOptions) {
        catalogPath = crawl.catalogPath
        concurrency = crawl.concurrency
        rate = crawl.rate
        rateStart = crawl.rateStart
        rateMax = crawl.rateMax
        cooldown = crawl.cooldown
        maxAttempts = crawl.maxAttempts
        timeout = crawl.timeout
        maxRequests = crawl.maxRequests
        maxDuration = crawl.maxDuration
        userAgent = crawl.userAgent
        jitterSeed = crawl.jitterSeed
    }
}
