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

    /// The slowest rate a memory may hold, the controller's own minimum.
    /// A rate under it (5e-324/s passes the table's CHECK), or one that is
    /// not finite, was never learnt: it is dropped as the memory is read,
    /// so the run slow-starts and writes a real one in its place. Kept, it
    /// would throttle every later night to one request in tens of seconds.
    public static let minimumRate = RateController.Settings().minimum

    public init(
        ceiling: Double? = nil, cleanRate: Double? = nil, cleanSource: CleanRateSource? = nil, lastBlockAt: Date? = nil,
        lastBlockSeconds: Double? = nil, updatedAt: Date
    ) {
        self.ceiling = Self.plausibleRate(ceiling)
        self.cleanRate = Self.plausibleRate(cleanRate)
        self.cleanSource = self.cleanRate == nil ? nil : cleanSource
        self.lastBlockAt = lastBlockAt
        // A block's length past the memory's own lifetime is no block etl timed.
        self.lastBlockSeconds = lastBlockSeconds.flatMap { $0.isFinite && $0 >= 0 && $0 <= Self.maxAge ? $0 : nil }
        self.updatedAt = updatedAt
    }

    /// `rate` when a run could have learnt it (see ``minimumRate``).
    static func plausibleRate(_ rate: Double?) -> Double? {
        guard let rate, rate.isFinite, rate >= minimumRate else { return nil }
        return rate
    }

    /// When the last confirmed block's cooldown ends, if it does after `now`:
    /// a run started inside it waits it out rather than meet it (its
    /// refusals would read as a new, lower limit).
    public func blockEnd(after now: Date) -> Date? {
        guard let lastBlockAt, let lastBlockSeconds else { return nil }
        let end = lastBlockAt.addingTimeInterval(lastBlockSeconds)
        return end > now ? end : nil
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
