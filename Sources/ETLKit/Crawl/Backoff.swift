/// Delays between retries of one object: exponential with full jitter
/// (a uniformly random delay up to the exponential bound), so many workers
/// retrying at once spread out instead of returning in a wave.
public struct Backoff: Sendable, Equatable {
    public var base: Double
    public var cap: Double
    /// The longest `Retry-After` honoured; a server asking for more gets the
    /// object recorded as failed sooner rather than a crawl that stalls.
    public var maxRetryAfter: Double

    public init(base: Double = 0.5, cap: Double = 30, maxRetryAfter: Double = 300) {
        self.base = base
        self.cap = cap
        self.maxRetryAfter = maxRetryAfter
    }

    /// The delay before retry number `attempt` (1 for the first retry).
    public func delay(attempt: Int, retryAfter: Double?, using random: inout some RandomNumberGenerator) -> Double {
        if let retryAfter, retryAfter >= 0 {
            return min(retryAfter, maxRetryAfter)
        }
        let exponent = Double(min(max(attempt - 1, 0), 30))
        let bound = min(cap, base * pow2(exponent))
        return Double.random(in: 0...bound, using: &random)
    }

    private func pow2(_ exponent: Double) -> Double {
        var value = 1.0
        for _ in 0..<Int(exponent) { value *= 2 }
        return value
    }
}
