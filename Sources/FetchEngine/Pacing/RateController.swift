/// Decides the request rate of `--rate auto`; pure and clock-free (times
/// are passed in seconds), so it is unit-tested and simulated over weeks
/// without sleeping.
///
/// It learns only from **confirmed** blocks (see ``RefusalJudge``): a lone
/// odd answer never moves the rate, the ceiling or the clean rate.
/// - **Slow start** (nothing known): multiply the rate by `growth` (2%)
///   every `interval` (0.5 s) in which the rate was really used, about 4% a
///   second. A limit counted over a window is seen late; growing this gently
///   overshoots a 10-second window by ~20% (measured on the Met-like
///   stand-in: blocked at 3.69/s under 3/s; the old ×1.5 overshot 2.5×), so
///   the first block lands near the limit.
/// - **First block**: the ceiling is the rate in force; resume at
///   `firstBackoff` (76%) of it: under a limit the gentle slow start
///   overshot by ~20%, with room for uneven sending.
/// - **Clean rate**: a rate used for `sustain` seconds (60) with no block is
///   proven clean; it is what a later block falls back to, and what the next
///   run remembers.
/// - **Search**: while the ceiling is more than `closeEnough` (5%) above
///   the clean rate, step halfway between them, but at most `closeEnough`
///   above the clean rate (a slow-start ceiling is an overshoot), after
///   `searchWait` clean seconds (15 minutes). A step that holds becomes the
///   clean rate; a block above the clean rate resumes at the clean rate and
///   lowers the ceiling to the step, which ends the search. After two
///   blocks in one run, the search waits until `raisePeriod` has passed
///   since the first of them (a night ends first; the next run searches
///   from memory): a long window seen late can cost a first block and a
///   second on resuming, and a third for the search would make three.
/// - **A block at or below the clean rate**: within `quickBlock` seconds
///   (60) of the rate starting (a wrong memory, a limit that fell far),
///   forget the clean rate and halve; later (the limit fell a little),
///   resume at `backoff` (90%), which becomes the clean rate.
/// - **Raising**: once the limit is found, step `raiseStep` above the
///   ceiling only after `raisePeriod` seconds (6 hours) with no block, this
///   run or an earlier one: a raised limit is found again at the cost of at
///   most one block per 6 hours. A step that holds clean past the ceiling
///   drops it and grows gently again.
/// - **Memory** (``Remembered``, from an earlier run): start at
///   `memoryFraction` (97%) of the remembered clean rate, go to the clean
///   rate itself after a quarter of `sustain` clean seconds, never
///   slow-starting past the remembered ceiling. A memory with only a
///   ceiling starts at `firstBackoff` × `memoryFraction` (74%) of it.
public struct RateController: Sendable, Equatable {
    public struct Settings: Sendable, Equatable {
        public var start: Double
        public var maximum: Double
        public var minimum: Double
        public var interval: Double
        public var growth: Double
        public var firstBackoff: Double
        public var backoff: Double
        public var quickBlock: Double
        public var sustain: Double
        public var searchWait: Double
        public var closeEnough: Double
        public var raisePeriod: Double
        public var raiseStep: Double
        public var memoryFraction: Double

        public init(
            start: Double = 1, maximum: Double = 80, minimum: Double = 0.05, interval: Double = 0.5,
            growth: Double = 1.02, firstBackoff: Double = 0.76, backoff: Double = 0.9, quickBlock: Double = 60,
            sustain: Double = 60, searchWait: Double = 900, closeEnough: Double = 1.05,
            raisePeriod: Double = 6 * 3_600, raiseStep: Double = 1.05, memoryFraction: Double = 0.97
        ) {
            self.start = start
            self.maximum = maximum
            self.minimum = minimum
            self.interval = interval
            self.growth = growth
            self.firstBackoff = firstBackoff
            self.backoff = backoff
            self.quickBlock = quickBlock
            self.sustain = sustain
            self.searchWait = searchWait
            self.closeEnough = closeEnough
            self.raisePeriod = raisePeriod
            self.raiseStep = raiseStep
            self.memoryFraction = memoryFraction
        }
    }

    /// What an earlier run learnt about the host, in this controller's seconds.
    public struct Remembered: Sendable, Equatable {
        public var ceiling: Double?
        public var cleanRate: Double?
        /// When the last confirmed block happened (negative: before this run).
        public var lastBlockAt: Double?

        public init(ceiling: Double? = nil, cleanRate: Double? = nil, lastBlockAt: Double? = nil) {
            self.ceiling = ceiling
            self.cleanRate = cleanRate
            self.lastBlockAt = lastBlockAt
        }

        public var isEmpty: Bool { ceiling == nil && cleanRate == nil }
    }

    public let settings: Settings
    /// Requests per second allowed now.
    public private(set) var rate: Double
    /// The rate in force at the last confirmed block, while it is the best known upper bound.
    public private(set) var ceiling: Double?
    /// The highest rate proven clean (used `sustain` seconds with no block).
    public private(set) var cleanRate: Double?
    /// Confirmed blocks so far.
    public private(set) var blocks = 0
    public private(set) var lastBlockAt: Double?
    /// The block before `lastBlockAt` in this run.
    private var earlierBlockAt: Double?
    private var intervalStart: Double
    private var grantsInInterval = 0
    /// Since when the rate in force has been used with no block.
    private var rateSince: Double

    public init(settings: Settings, now: Double, remembered: Remembered? = nil) {
        self.settings = settings
        intervalStart = now
        rateSince = now
        rate = settings.start
        if let remembered, !remembered.isEmpty {
            lastBlockAt = remembered.lastBlockAt
            cleanRate = remembered.cleanRate
            ceiling = remembered.ceiling
            if let clean = remembered.cleanRate {
                if let ceiling, ceiling <= clean { self.ceiling = nil }
                rate = clean * settings.memoryFraction
            } else if let ceiling = remembered.ceiling {
                // Blocked but never proven clean: where a first block resumes, with the memory's margin.
                rate = ceiling * settings.firstBackoff * settings.memoryFraction
            }
        }
        rate = clamped(rate)
    }

    /// What the next run against the same host should start from.
    public var remembered: Remembered { Remembered(ceiling: ceiling, cleanRate: cleanRate, lastBlockAt: lastBlockAt) }

    /// Notes a request sent at `now`; at the end of each interval, raises the
    /// rate as the phase allows when the rate was really used (a crawl held
    /// back by its concurrency proves nothing and must not ratchet it up).
    public mutating func recordRequest(at now: Double) {
        grantsInInterval += 1
        let elapsed = now - intervalStart
        guard elapsed >= settings.interval else { return }
        let used = Double(grantsInInterval) / elapsed
        intervalStart = now
        grantsInInterval = 0
        guard used >= rate * 0.8 else {
            rateSince = now
            return
        }
        let held = now - rateSince
        if held >= settings.sustain, rate > (cleanRate ?? 0) {
            cleanRate = rate
            if let ceiling, rate >= ceiling { self.ceiling = nil }
        }
        guard let ceiling else {
            setRate(rate * settings.growth, at: now)
            return
        }
        guard let clean = cleanRate else { return }
        if rate < clean {
            // Below a remembered clean rate: a quarter of the proof suffices to go back to it.
            if held >= settings.sustain / 4 { setRate(clean, at: now) }
        } else if ceiling > clean * settings.closeEnough {
            // Two blocks per `raisePeriod` are the learning budget: a third
            // search step waits (a night ends first; the next run starts
            // from this one's memory).
            if held >= settings.searchWait, now - (earlierBlockAt ?? -.infinity) >= settings.raisePeriod {
                setRate(min((clean + ceiling) / 2, clean * settings.closeEnough), at: now)
            }
        } else if held >= settings.searchWait, now - (lastBlockAt ?? -.infinity) >= settings.raisePeriod {
            setRate(ceiling * settings.raiseStep, at: now)
        }
    }

    /// Notes a confirmed block at `now` and lowers the rate.
    public mutating func recordBlock(at now: Double) {
        let blocked = rate
        let resume: Double
        if let clean = cleanRate, clean < blocked * 0.999 {
            // A step above the proven rate failed: back to what is known to
            // hold; an older, lower ceiling stays the upper bound.
            resume = clean
            ceiling = min(ceiling ?? blocked, blocked)
        } else if ceiling == nil && cleanRate == nil {
            resume = blocked * settings.firstBackoff
            ceiling = blocked
        } else if now - rateSince < settings.quickBlock {
            // Blocked soon after the rate started: a wrong memory, or a limit that fell far.
            cleanRate = nil
            resume = blocked * 0.5
            ceiling = blocked
        } else {
            // Blocked at a rate that had held a while: the limit fell a little
            // (or sits just under it); what held is now the best guess of clean.
            resume = blocked * settings.backoff
            cleanRate = cleanRate.map { _ in resume }
            ceiling = blocked
        }
        blocks += 1
        earlierBlockAt = lastBlockAt.flatMap { blocks > 1 ? $0 : nil }
        lastBlockAt = now
        setRate(resume, at: now)
        rateSince = now
    }

    /// Notes that sending resumed at `now` after a block's cooldown.
    public mutating func recordResume(at now: Double) {
        rateSince = now
        intervalStart = now
        grantsInInterval = 0
    }

    /// A new rate restarts the clean clock; the same one (held at the maximum) does not.
    private mutating func setRate(_ value: Double, at now: Double) {
        let new = clamped(value)
        if new != rate { rateSince = now }
        rate = new
        intervalStart = now
        grantsInInterval = 0
    }

    private func clamped(_ value: Double) -> Double {
        min(max(value, settings.minimum), settings.maximum)
    }
}
