/// How fast the crawler may send requests.
public enum RateSetting: Sendable, Equatable {
    /// Find and hold the highest rate the server tolerates.
    case auto
    /// A fixed number of requests per second.
    case fixed(Double)
    /// No pacing at all (local mirrors, tests).
    case unlimited
}
