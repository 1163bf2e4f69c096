import Foundation

/// What `--rate auto` learnt about one host, carried from one run to the
/// next (the catalog stores it per host). A plain value: the engine knows
/// no catalog; a run is handed one and hands the updated one back.
public struct PacingMemory: Sendable, Equatable {
    /// The rate in force at the last confirmed block, if still the best upper bound.
    public var ceiling: Double?
    /// The highest rate proven clean: passed by a slow start, counted from the answers a block let through, or held 60 s with no block.
    public var cleanRate: Double?
    /// How `cleanRate` was learnt (nil: before this was kept, taken as a block's).
    public var cleanSource: CleanRateSource?
    public var lastBlockAt: Date?
    /// How long the last confirmed block's cooldown lasted, in seconds.
    public var lastBlockSeconds: Double?
    public var updatedAt: Date

    /// A memory older than a week is ignored: a front end's limits change,
    /// and one slow start costs a few minutes of one night.
    public static let maxAge: TimeInterval = 7 * 86_400

    public init(
        ceiling: Double? = nil, cleanRate: Double? = nil, cleanSource: CleanRateSource? = nil, lastBlockAt: Date? = nil,
        lastBlockSeconds: Double? = nil, updatedAt: Date
    ) {
        self.ceiling = ceiling
        self.cleanRate = cleanRate
        self.cleanSource = cleanRate == nil ? nil : cleanSource
        self.lastBlockAt = lastBlockAt
        self.lastBlockSeconds = lastBlockSeconds
        self.updatedAt = updatedAt
    }

    /// Whether a run starting at `now` may start from it (a date in the
    /// future, from a clock set back, is not trusted either).
    public func isFresh(at now: Date) -> Bool {
        let age = now.timeIntervalSince(updatedAt)
        return age < Self.maxAge && age > -3_600 && (ceiling != nil || cleanRate != nil)
    }

    /// The rate a run starts from with this memory (nil: it holds no rate).
    public var startRate: Double? {
        guard ceiling != nil || cleanRate != nil else { return nil }
        return RateController(settings: .init(maximum: .infinity), now: 0, remembered: remembered(at: updatedAt)).rate
    }

    /// The controller's view at `now`: times in seconds from `now`.
    func remembered(at now: Date) -> RateController.Remembered {
        RateController.Remembered(
            ceiling: ceiling, cleanRate: cleanRate, cleanSource: cleanSource, lastBlockAt: lastBlockAt.map { $0.timeIntervalSince(now) })
    }
}
