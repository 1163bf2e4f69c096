/// A snapshot of a running fetch loop, for progress lines.
public struct CrawlProgress: Sendable, Equatable {
    public init(
        done: Int, total: Int, allowedRate: Double, achievedRate: Double?, blocks: Int, refusals: Int,
        retries: Int, failures: Int, isCoolingDown: Bool, elapsedSeconds: Double
    ) {
        self.done = done
        self.total = total
        self.allowedRate = allowedRate
        self.achievedRate = achievedRate
        self.blocks = blocks
        self.refusals = refusals
        self.retries = retries
        self.failures = failures
        self.isCoolingDown = isCoolingDown
        self.elapsedSeconds = elapsedSeconds
    }

    public var done: Int
    public var total: Int
    /// The rate allowed now (infinity when unlimited).
    public var allowedRate: Double
    /// Requests per second as the pacer measured them (``RequestPacer/measuredRate``):
    /// nil until two requests went, so a first line shows no rate rather
    /// than one request over a fraction of a second.
    public var achievedRate: Double?
    /// Confirmed blocks.
    public var blocks: Int
    /// Refused answers, noise included.
    public var refusals: Int
    public var retries: Int
    public var failures: Int
    public var isCoolingDown: Bool
    public var elapsedSeconds: Double

    /// Seconds left at the achieved rate, when it can be estimated.
    public var etaSeconds: Double? {
        guard let achievedRate, achievedRate > 0, done > 0 else { return nil }
        return Double(total - done) / (Double(done) / elapsedSeconds)
    }
}
