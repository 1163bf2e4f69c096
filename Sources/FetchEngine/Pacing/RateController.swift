/// Decides the request rate of `--rate auto`; pure and clock-free (times
/// are passed in seconds), so it is unit-tested and simulated over days
/// without sleeping.
///
/// It learns only from **confirmed** blocks (see ``RefusalJudge``): a lone
/// odd answer never moves the rate or the ceiling.
/// - **Slow start**: until the first block, multiply the rate by `growth`
///   every `interval` in which the rate was really used (a crawl held back by
///   its concurrency must not ratchet the rate up).
/// - **First block**: the ceiling is the rate in force; resume at 95% of the
///   rate of the last interval that ran clean (slow start overshoots by one
///   step at most, so that rate held), else at `backoff` × the ceiling.
/// - **Later blocks**: the ceiling is the rate in force; resume at `backoff`
///   × it, or at half of it when the block came within `quickBlock` seconds of
///   resuming (the rate was far too high, as after an optimistic first step).
/// - **Probing up**: after `quietPeriod` seconds without a block, add
///   `creep` × the ceiling every minute, so a raised limit is found again
///   while blocks stay rare: one per quiet period plus the climb (about 40
///   minutes with the defaults), holding about 89% of a fixed limit (see
///   ``PacingSimulation`` and `scripts/bench-polite`).
public struct RateController: Sendable, Equatable {
    public struct Settings: Sendable, Equatable {
        public var start: Double
        public var maximum: Double
        public var minimum: Double
        public var interval: Double
        public var growth: Double
        public var backoff: Double
        public var quickBlock: Double
        public var quietPeriod: Double
        public var creep: Double

        public init(
            start: Double = 1, maximum: Double = 80, minimum: Double = 0.05, interval: Double = 0.5,
            growth: Double = 1.5, backoff: Double = 0.9, quickBlock: Double = 30,
            quietPeriod: Double = 1800, creep: Double = 0.01
        ) {
            self.start = start
            self.maximum = maximum
            self.minimum = minimum
            self.interval = interval
            self.growth = growth
            self.backoff = backoff
            self.quickBlock = quickBlock
            self.quietPeriod = quietPeriod
            self.creep = creep
        }
    }

    public let settings: Settings
    /// Requests per second allowed now.
    public private(set) var rate: Double
    /// The rate in force at the last confirmed block, once one has come.
    public private(set) var ceiling: Double?
    /// Confirmed blocks so far.
    public private(set) var blocks = 0
    /// The rate of the last interval that was used and ended with no block.
    private var lastCleanRate: Double?
    private var intervalStart: Double
    private var grantsInInterval = 0
    /// When the rate last resumed after a block.
    private var resumedAt: Double?

    public init(settings: Settings, now: Double) {
        self.settings = settings
        self.rate = min(max(settings.start, settings.minimum), settings.maximum)
        self.intervalStart = now
    }

    /// Notes a request sent at `now`; at the end of each interval in which
    /// the rate was really used, raises it as the phase allows.
    public mutating func recordRequest(at now: Double) {
        grantsInInterval += 1
        let elapsed = now - intervalStart
        guard elapsed >= settings.interval else { return }
        let used = Double(grantsInInterval) / elapsed
        if used >= rate * 0.8 {
            lastCleanRate = rate
            rate = min(nextRate(after: elapsed, now: now), settings.maximum)
        }
        intervalStart = now
        grantsInInterval = 0
    }

    /// Notes a confirmed block at `now` and lowers the rate.
    public mutating func recordBlock(at now: Double) {
        let blocked = rate
        let resume: Double
        if ceiling == nil, let clean = lastCleanRate, clean < blocked {
            // A clean second at a rate is weak proof for a longer window: keep a margin.
            resume = clean * 0.95
        } else if let resumedAt, now - resumedAt < settings.quickBlock {
            resume = blocked * 0.5
        } else {
            resume = blocked * settings.backoff
        }
        ceiling = blocked
        blocks += 1
        rate = max(resume, settings.minimum)
        lastCleanRate = nil
        intervalStart = now
        grantsInInterval = 0
    }

    /// Notes that sending resumed at `now` after a block's cooldown.
    public mutating func recordResume(at now: Double) {
        resumedAt = now
        intervalStart = now
        grantsInInterval = 0
    }

    private func nextRate(after elapsed: Double, now: Double) -> Double {
        guard let ceiling else { return rate * settings.growth }
        guard let resumedAt, now - resumedAt >= settings.quietPeriod else { return rate }
        return rate + ceiling * settings.creep * elapsed / 60
    }
}
