/// How a remembered clean rate was learnt: how much it proves about the
/// limit, and so what the next run may do with it.
///
/// The order is the strength of the evidence: a stronger source replaces a
/// weaker one at the same rate.
public enum CleanRateSource: String, Sendable, Equatable, CaseIterable, Comparable {
    /// A slow start passed the rate and ran `rampProof` seconds further
    /// with no block: a floor, the limit may be far above it. Or a block
    /// counted it from the answers let through, and the run ended before
    /// holding it: near a ceiling, so no floor.
    case ramp
    /// Held `sustain` seconds under a ceiling that a block set: the limit
    /// lies between the two.
    case block
    /// Held `searchWait` seconds (15 cooldowns: 15 minutes at the default 60 s) with no block.
    case longRun = "long_run"

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
