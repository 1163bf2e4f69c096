/// How often a progress line is shown: on a terminal the line is redrawn
/// at most every half second; in a log (cron, a pipe) a line is written at
/// most every 30 s, so a night's log stays readable. Times are seconds on
/// any clock the caller reads, so tests hand in their own.
package struct ProgressThrottle: Sendable, Equatable {
    package let interval: Double
    private var last: Double?

    package init(isTerminal: Bool) {
        interval = isTerminal ? 0.5 : 30
    }

    /// Whether a line is due at `now`; when it is, the next is `interval` later.
    package mutating func isDue(at now: Double) -> Bool {
        if let last, now - last < interval { return false }
        last = now
        return true
    }
}
