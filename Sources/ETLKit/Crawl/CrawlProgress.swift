/// A snapshot of a running crawl, for progress lines.
public struct CrawlProgress: Sendable, Equatable {
    public var done: Int
    public var total: Int
    /// The rate allowed now (infinity when unlimited).
    public var allowedRate: Double
    /// Requests per second over the run so far.
    public var achievedRate: Double
    public var blocks: Int
    public var retries: Int
    public var failures: Int
    public var isCoolingDown: Bool
    public var elapsedSeconds: Double

    /// Seconds left at the achieved rate, when it can be estimated.
    public var etaSeconds: Double? {
        guard achievedRate > 0, done > 0 else { return nil }
        return Double(total - done) / (Double(done) / elapsedSeconds)
    }
}
