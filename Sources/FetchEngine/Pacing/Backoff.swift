/// Delays between retries of one item: exponential with full jitter (a
/// uniformly random delay up to the exponential bound), so many workers
/// retrying at once spread out instead of returning in a wave. A server's
/// `Retry-After` replaces it, bounded by ``RequestPacer/boundedRetryAfter(_:)``.
public struct Backoff: Sendable, Equatable {
    public var base: Double
    public var cap: Double

    public init(base: Double = 0.5, cap: Double = 30) {
        self.base = base
        self.cap = cap
    }

    /// The delay before retry number `attempt` (1 for the first retry).
    public func delay(attempt: Int, using random: inout some RandomNumberGenerator) -> Double {
        let exponent = min(max(attempt - 1, 0), 30)
        var bound = base
        for _ in 0..<exponent where bound < cap { bound *= 2 }
        return Double.random(in: 0...min(cap, bound), using: &random)
    }
}
