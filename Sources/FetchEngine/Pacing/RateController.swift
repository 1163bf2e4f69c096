import Foundation

/// Decides the request rate of `--rate auto`; pure and clock-free (times
/// are passed in seconds), so it is unit-tested and simulated over weeks
/// without sleeping.
///
/// It learns only from **confirmed** blocks (see ``RefusalJudge``): a lone
/// odd answer never moves the rate, the ceiling or the clean rate.
/// - **Slow start** (nothing known): at the end of each interval (0.5 s or
///   more, till a request arrives) in which the rate was really used,
///   multiply it by `growth` (2%), or by `requestGrowth` (1%) per request
///   sent in it, or by 2 per `doubling` seconds (one cooldown: what a
///   block costs), whichever is more: with the default 60 s cooldown about
///   4% a second from 2/s to 4/s, 2% a second at 1/s (growing 4% a second
///   at 1/s as well was measured to overshoot the Met-like stand-in by 31%,
///   blocked at 3.92/s, and the resume at 76% of that was blocked again).
///   A limit counted over a window is seen late; growing gently at low rates overshoots a 10-second
///   window by ~20% (measured on the Met-like stand-in: blocked at 3.69/s
///   under 3/s; the old ×1.5 overshot 2.5×), so the first block lands near
///   the limit. Above 4/s the growth is per request: a window limit of L
///   requests is overshot by about the same share whatever its window, and
///   a fast limit is reached in seconds, not minutes. A short cooldown
///   (`--cooldown 2`) says a block costs little, so the ramp may risk one
///   sooner: it doubles at least every cooldown (1/s to 60/s in 12 s), and
///   an interval the crawl did not fill grows it by its requests' share of
///   a doubling.
/// - **Ramp proof**: a rate the slow start passed `rampProof` seconds (30)
///   ago with no block since is clean, learnt from a ramp (a floor: the
///   limit may be far above).
/// - **First block**: the ceiling is the rate in force; resume at
///   `firstBackoff` (76%) of it: under a limit the gentle slow start
///   overshot by ~20%, with room for uneven sending. A ramp-proven rate is
///   never a rate to fall back to (with fast growth it may be a small
///   share of the block's): a block is judged as if nothing were proven,
///   and resumes no lower than it.
/// - **Counted limit**: a first or quick block also reads the limit from
///   the answers the front end let through since counting began (the run's
///   start or the last resume; ``recordAdmitted(at:)``): over each of
///   `limitWindows` (1, 10 and 60 s) the count of admitted answers ÷ the
///   window is a rate the front end allowed in that window. The lowest of
///   them, less `limitMargin` (6%), that lies above the usual resume and at
///   most `backoff` (90%) of the blocked rate is where the run resumes (a
///   window longer than the count has run counts all of it), and
///   it is the clean rate a short run leaves (as a `ramp` rate: passed, not
///   held; never a floor to grow from in this run). The ramp's overshoot
///   differs per window (about 2% at 1 s, 20% at 10 s): a fixed 76% rests
///   87–89% of a 10-second limit, the count finds it within its margin.
/// - **Clean rate**: a rate used for `sustain` seconds (60; 5 cooldowns
///   where that is less) with no block is proven clean; it is what a later block falls back to, and what the next
///   run remembers, with how it was learnt (``CleanRateSource``).
/// - **Floor**: a clean rate well below where a block at the ceiling
///   resumes (`ceiling × firstBackoff`), or with no ceiling at all, is a
///   floor: grow from it as a slow start does, up to that point, never
///   past the ceiling. A clean rate learnt on a short run's ramp never
///   caps a later run. A counted rate is no floor, nor is a floor whose
///   growth a block stopped in this run: it is held and searched (grown
///   again, it would rise to 76% of the new overshoot, which a 60-second
///   window puts over the limit).
/// - **Search**: while the ceiling is more than `closeEnough` (5%) above
///   the clean rate, step halfway between them, but at most `closeEnough`
///   above the clean rate (a slow-start ceiling is an overshoot), after
///   `searchWait` clean seconds (15 cooldowns: 15 minutes with the default
///   60 s cooldown, 30 s with a 2 s one: a block costs one cooldown, so
///   at most one in 16 of the time goes to learning). A step that holds
///   becomes the clean rate; a block above the clean rate resumes at the
///   clean rate and lowers the ceiling to the step, which ends the search.
///   (A first step as soon as a remembered clean rate is proven again was
///   tried: on the Met-like stand-in it stepped from 94% to 98.5% of the
///   limit, was blocked, and a 4-minute night 2 fell from 94% to 71%.)
///   After two blocks in one run, the search (and a floor's growth) waits
///   until `raisePeriod` (or 24 search waits, if shorter: 12 minutes with a
///   2 s cooldown) has passed since the first of them (a night ends first;
///   the next run searches from memory): a long window seen late can cost
///   a first block and a second on resuming, and a third for the search
///   would make three.
/// - **A block at or below the clean rate**: within `quickBlock` seconds
///   (60) of the rate starting (a wrong memory, a limit that fell far, a
///   resume just over the limit), forget the clean rate and resume at
///   `quickBackoff`: half, or 90% where a block costs seconds (a cooldown
///   of 5 s or less; the rate is then proven clean in 5 cooldowns, not a
///   minute, see ``Settings/sustain(cooldown:)``), or at the counted limit
///   (as a first block reads it) where that lies above; a counted rate
///   blocked so falls back to the floor the ramp proved before it. Later (the limit fell a little),
///   resume at `backoff` (90%), which becomes the clean rate.
/// - **Raising**: once the limit is found, step `raiseStep` above the
///   ceiling only after `raisePeriod` seconds (6 hours) with no block, this
///   run or an earlier one: a raised limit is found again at the cost of at
///   most one block per 6 hours. A step that holds clean past the ceiling
///   drops it and grows gently again.
/// - **Memory** (``Remembered``, from an earlier run): start at
///   `memoryFraction` (97%) of the remembered clean rate, go to the clean
///   rate after a quarter of `sustain` clean seconds (at once when it is a
///   floor: it grows from there, starting no lower than the ceiling alone
///   would start), never past the remembered ceiling. A
///   memory with only a ceiling starts at `firstBackoff` × `memoryFraction`
///   (74%) of it. A run with memory is never slower than the same run
///   without: it starts at least as high and grows by the same rules.
public struct RateController: Sendable, Equatable {
    public struct Settings: Sendable, Equatable {
        public var start: Double
        public var maximum: Double
        public var minimum: Double
        public var interval: Double
        public var growth: Double
        /// Slow-start growth per request sent in a used interval (1 = none).
        public var requestGrowth: Double
        /// Seconds in which a slow start at least doubles the rate (the cooldown: a block that costs
        /// little may be risked sooner; `.infinity` = no such floor on the growth).
        public var doubling: Double
        /// Seconds a slow start runs past a rate with no block before that rate is clean (0 = never).
        public var rampProof: Double
        /// Whether a clean rate well under the ceiling (or under none) grows as a slow start.
        public var cleanRateIsFloor: Bool
        public var firstBackoff: Double
        public var backoff: Double
        /// Share of the rate a quick block (see `quickBlock`) resumes at.
        public var quickBackoff: Double
        public var quickBlock: Double
        public var sustain: Double
        public var searchWait: Double
        public var closeEnough: Double
        public var raisePeriod: Double
        public var raiseStep: Double
        public var memoryFraction: Double
        /// Windows, in seconds, over which a first or quick block counts the
        /// answers let through (empty: it does not count, resumes by share alone).
        public var limitWindows: [Double]
        /// Share of a counted rate a block resumes at.
        public var limitMargin: Double

        public init(
            start: Double = 1, maximum: Double = 80, minimum: Double = 0.05, interval: Double = 0.5,
            growth: Double = 1.02, requestGrowth: Double = 1.01, doubling: Double = .infinity, rampProof: Double = 30,
            cleanRateIsFloor: Bool = true,
            firstBackoff: Double = 0.76, backoff: Double = 0.9, quickBackoff: Double = 0.5, quickBlock: Double = 60,
            sustain: Double = 60, searchWait: Double = 900, closeEnough: Double = 1.05,
            raisePeriod: Double = 6 * 3_600, raiseStep: Double = 1.05, memoryFraction: Double = 0.97,
            limitWindows: [Double] = [1, 10, 60], limitMargin: Double = 0.94
        ) {
            self.start = start
            self.maximum = maximum
            self.minimum = minimum
            self.interval = interval
            self.growth = growth
            self.requestGrowth = requestGrowth
            self.doubling = doubling
            self.rampProof = rampProof
            self.cleanRateIsFloor = cleanRateIsFloor
            self.firstBackoff = firstBackoff
            self.backoff = backoff
            self.quickBackoff = quickBackoff
            self.quickBlock = quickBlock
            self.sustain = sustain
            self.searchWait = searchWait
            self.closeEnough = closeEnough
            self.raisePeriod = raisePeriod
            self.raiseStep = raiseStep
            self.memoryFraction = memoryFraction
            self.limitWindows = limitWindows
            self.limitMargin = limitMargin
        }

        /// The settings a run with `cooldown` uses: the search wait, the
        /// slow start's doubling, the proof of a clean rate and the step
        /// down after a quick block scale with what a block costs.
        public static func paced(start: Double = 1, maximum: Double = 80, cooldown: Double) -> Settings {
            Settings(
                start: start, maximum: maximum, doubling: doubling(cooldown: cooldown),
                quickBackoff: quickBackoff(cooldown: cooldown), sustain: sustain(cooldown: cooldown),
                searchWait: searchWait(cooldown: cooldown))
        }

        /// Today's rules but for the count of answers let through at a
        /// block. Kept so `pacing-sim` shows what the count adds, in one run.
        public static func previous(start: Double = 1, maximum: Double = 80, cooldown: Double) -> Settings {
            var settings = paced(start: start, maximum: maximum, cooldown: cooldown)
            settings.limitWindows = []
            return settings
        }

        /// Seconds of no block that prove a rate clean: 5 cooldowns, at most
        /// a minute (the default 60 s cooldown: a minute, as before). With
        /// `--cooldown 2` a rate is proven in 10 s: a crawl of a minute
        /// learns the rate it held after a block, not only the block.
        public static func sustain(cooldown: Double) -> Double {
            min(60, max(cooldown, 1) * 5)
        }

        /// Where a quick block resumes: half the rate where a block costs a
        /// minute (a third block would cost a night's budget), 90% where it
        /// costs seconds (a cooldown of 5 s or less: on the 60/s stand-in
        /// the resume at 76% of an overshoot was blocked again, and half of
        /// it held the crawl at 28/s under a limit near 55/s).
        public static func quickBackoff(cooldown: Double) -> Double {
            cooldown <= 5 ? 0.9 : 0.5
        }

        /// Clean seconds before a search step: `cooldowns` cooldowns, so a
        /// step that fails costs at most one in `cooldowns + 1` of the time.
        public static func searchWait(cooldown: Double, cooldowns: Double = 15) -> Double {
            max(cooldown, 1) * cooldowns
        }

        /// Seconds in which a slow start at least doubles: one cooldown (what
        /// a block costs), at least one second. With the default 60 s
        /// cooldown that is 1.2% a second, under the gentle growth, so it
        /// changes nothing; with `--cooldown 2` a fast limit is reached in
        /// seconds, and a block of the overshoot costs two.
        public static func doubling(cooldown: Double) -> Double {
            max(cooldown, 1)
        }
    }

    /// What an earlier run learnt about the host, in this controller's seconds.
    public struct Remembered: Sendable, Equatable {
        public var ceiling: Double?
        public var cleanRate: Double?
        /// How `cleanRate` was learnt (nil: unknown, from before it was kept).
        public var cleanSource: CleanRateSource?
        /// When the last confirmed block happened (negative: before this run).
        public var lastBlockAt: Double?

        public init(ceiling: Double? = nil, cleanRate: Double? = nil, cleanSource: CleanRateSource? = nil, lastBlockAt: Double? = nil) {
            self.ceiling = ceiling
            self.cleanRate = cleanRate
            self.cleanSource = cleanRate == nil ? nil : cleanSource
            self.lastBlockAt = lastBlockAt
        }

        public var isEmpty: Bool { ceiling == nil && cleanRate == nil }
    }

    public let settings: Settings
    /// Requests per second allowed now.
    public private(set) var rate: Double
    /// The rate in force at the last confirmed block, while it is the best known upper bound.
    public private(set) var ceiling: Double?
    /// The highest rate proven clean (used `sustain` seconds with no block, or passed by a ramp).
    public private(set) var cleanRate: Double?
    /// How `cleanRate` was learnt.
    public private(set) var cleanSource: CleanRateSource?
    /// Confirmed blocks so far.
    public private(set) var blocks = 0
    public private(set) var lastBlockAt: Double?
    /// The block before `lastBlockAt` in this run.
    private var earlierBlockAt: Double?
    private var intervalStart: Double
    private var grantsInInterval = 0
    /// Since when the rate in force has been used with no block.
    private var rateSince: Double
    /// The rates a clean slow start used, oldest first, until `rampProof` proves them.
    private var ramp: [RampMark] = []
    /// Whether a block's count (see ``countedResume(blocked:above:)``) put
    /// the limit near `cleanRate` (held since or not): it is no floor to grow from.
    private var isCleanCounted = false
    /// The ramp's floor a counted clean rate replaced: where a block at the counted rate falls back to.
    private var floorUnderCount: Double?
    /// Whether a floor's growth was blocked this run: it is then held, and
    /// searched in small steps (grown again, it would rise to 76% of the
    /// block's overshoot, which a long window puts over the limit).
    private var isFloorSpent = false
    /// When answers let through began to count (the start, or the last
    /// resume; infinity during a cooldown).
    private var countingSince: Double
    /// When admitted answers arrived since `countingSince`, oldest first,
    /// from `admittedHead` on; only the longest window's are kept.
    private var admitted: [Double] = []
    private var admittedHead = 0
    /// Admitted answers kept at most, whatever the rate: past it the oldest
    /// go, and a long window's count can only come out low (a lower resume).
    static let admittedLimit = 65_536

    private struct RampMark: Sendable, Equatable {
        var at: Double
        var rate: Double
    }

    public init(settings: Settings, now: Double, remembered: Remembered? = nil) {
        self.settings = settings
        intervalStart = now
        rateSince = now
        countingSince = now
        rate = settings.start
        if let remembered, !remembered.isEmpty {
            lastBlockAt = remembered.lastBlockAt
            cleanRate = remembered.cleanRate
            cleanSource = remembered.cleanRate == nil ? nil : remembered.cleanSource ?? .block
            ceiling = remembered.ceiling
            if let clean = remembered.cleanRate {
                if let ceiling, ceiling <= clean { self.ceiling = nil }
                rate = clean * settings.memoryFraction
                // A floor under a ceiling starts no lower than the ceiling alone would.
                if isFloor(clean), let top = floorTop { rate = max(rate, top * settings.memoryFraction) }
            } else if let ceiling = remembered.ceiling {
                // Blocked but never proven clean: where a first block resumes, with the memory's margin.
                rate = ceiling * settings.firstBackoff * settings.memoryFraction
            }
        }
        rate = clamped(rate)
    }

    /// What the next run against the same host should start from.
    public var remembered: Remembered {
        Remembered(ceiling: ceiling, cleanRate: cleanRate, cleanSource: cleanSource, lastBlockAt: lastBlockAt)
    }

    /// Where a clean rate stops being a floor: where a block at the
    /// ceiling resumes (nil: no ceiling, no such point); the rate grows as
    /// a slow start while under it.
    private var floorTop: Double? {
        guard let ceiling else { return nil }
        return ceiling * settings.firstBackoff
    }

    /// Two blocks per this many seconds are the learning budget (a search
    /// step or a floor's growth waits for it): `raisePeriod` (6 hours), or
    /// 24 search waits when blocks are short (12 minutes with a 2 s
    /// cooldown), so a block costs at most a few percent of the time.
    private var learningPeriod: Double { min(settings.raisePeriod, settings.searchWait * 24) }

    /// Whether the rate grows as a slow start now: nothing is known, or the
    /// clean rate is a floor well under the top.
    private func isGrowing(at now: Double) -> Bool {
        guard let ceiling else { return true }
        guard settings.cleanRateIsFloor, !isCleanCounted, !isFloorSpent, let clean = cleanRate, let top = floorTop,
              clean * settings.closeEnough < top,
              rate >= clean, rate < top, rate < ceiling else { return false }
        return now - (earlierBlockAt ?? -.infinity) >= learningPeriod
    }

    /// Notes a request sent at `now`; at the end of each interval, raises the
    /// rate as the phase allows when the rate was really used (a crawl held
    /// back by its concurrency proves nothing and must not ratchet it up).
    public mutating func recordRequest(at now: Double) {
        grantsInInterval += 1
        let elapsed = now - intervalStart
        guard elapsed >= settings.interval else { return }
        let used = Double(grantsInInterval) / elapsed
        let grants = grantsInInterval
        intervalStart = now
        grantsInInterval = 0
        guard used >= rate * 0.8 else {
            rateSince = now
            ramp.removeAll()
            // A crawl held back (a slow answer, a retry's backoff) proves
            // only the requests it sent: where a doubling per cooldown is
            // the fast growth (a short cooldown), a slow start grows by
            // their share of a doubling, never more than if it had kept up
            // (measured on the 60/s stand-in with noise and `--cooldown 2`:
            // a ramp that skipped such intervals took 30 s to reach 10/s).
            // With the default cooldown nothing changes.
            if pow(2, settings.interval / settings.doubling) > settings.growth, isGrowing(at: now) {
                var next = rate * pow(2, Double(grants) / (rate * settings.doubling))
                if let ceiling, let top = floorTop { next = min(next, top, ceiling) }
                setRate(next, at: now)
            }
            return
        }
        let held = now - rateSince
        if held >= settings.sustain, rate >= (cleanRate ?? 0) {
            let source: CleanRateSource = held >= settings.searchWait ? .longRun : (ceiling == nil ? .ramp : .block)
            // A higher rate, or the same one held longer, is the better memory.
            if rate > (cleanRate ?? 0) || source > (cleanSource ?? .ramp) { prove(rate, source: source) }
        }
        if isGrowing(at: now) {
            proveRamp(passing: rate, at: now)
            let factor = max(settings.growth, pow(settings.requestGrowth, Double(grants)), pow(2, elapsed / settings.doubling))
            var next = rate * factor
            if let ceiling, let top = floorTop { next = min(next, top, ceiling) }
            setRate(next, at: now)
            return
        }
        ramp.removeAll()
        guard let ceiling else { return }
        guard let clean = cleanRate else { return }
        if rate < clean {
            // Below a remembered clean rate: a quarter of the proof suffices
            // to go back to it; a floor is gone back to at once.
            if held >= settings.sustain / 4 || isFloor(clean) { setRate(clean, at: now) }
        } else if ceiling > clean * settings.closeEnough {
            // Two blocks per `raisePeriod` are the learning budget: a third
            // search step waits (a night ends first; the next run starts
            // from this one's memory).
            let step = min((clean + ceiling) / 2, clean * settings.closeEnough)
            if held >= settings.searchWait, now - (earlierBlockAt ?? -.infinity) >= learningPeriod, step > rate {
                setRate(step, at: now)
            }
        } else if held >= settings.searchWait, now - (lastBlockAt ?? -.infinity) >= settings.raisePeriod {
            setRate(ceiling * settings.raiseStep, at: now)
        }
    }

    /// Whether `clean` is a floor to grow from rather than a limit.
    private func isFloor(_ clean: Double) -> Bool {
        guard settings.cleanRateIsFloor, !isCleanCounted, !isFloorSpent else { return false }
        guard let top = floorTop else { return true }
        return clean * settings.closeEnough < top
    }

    private mutating func prove(_ value: Double, source: CleanRateSource) {
        // A counted rate held is still the count's: only a higher one is not.
        if value > (cleanRate ?? 0) { isCleanCounted = false }
        cleanRate = value
        cleanSource = source
        if let ceiling, value >= ceiling { self.ceiling = nil }
    }

    /// Notes that the slow start used `value` up to `now`, and proves the
    /// rates it passed `rampProof` seconds ago.
    private mutating func proveRamp(passing value: Double, at now: Double) {
        guard settings.rampProof > 0 else { return }
        ramp.append(RampMark(at: now, rate: value))
        var proven: Double?
        while let first = ramp.first, first.at <= now - settings.rampProof {
            proven = first.rate
            ramp.removeFirst()
        }
        if let proven, proven > (cleanRate ?? 0) { prove(proven, source: .ramp) }
    }

    /// Notes a confirmed block at `now` and lowers the rate.
    public mutating func recordBlock(at now: Double) {
        let blocked = rate
        // Blocked over a floor it grew from (not a slow start from nothing).
        if ceiling != nil, let clean = cleanRate, isFloor(clean), blocked > clean * 1.001 { isFloorSpent = true }
        var resume: Double
        ramp.removeAll()
        // A rate a ramp passed is a floor, never a rate to fall back to:
        // with fast growth it may be a small share of the block's (measured:
        // 3.4/s under a block at 56/s). The block is judged as if nothing
        // were proven clean, and resumes no lower than the floor; a block
        // at or under the floor proves it wrong.
        // A counted rate is a ramp rate too; blocked at it, the floor under
        // it (what the ramp proved before the count) is what holds.
        var floor: Double?
        if settings.cleanRateIsFloor, cleanSource == .ramp, let clean = cleanRate {
            floor = clean < blocked * 0.999 ? clean : (isCleanCounted ? floorUnderCount : nil)
            cleanRate = nil
            cleanSource = nil
            isCleanCounted = false
        }
        floorUnderCount = nil
        if ceiling == nil, cleanRate == nil {
            // The first block of a slow start (from nothing or from a floor):
            // resume under the overshoot.
            resume = blocked * settings.firstBackoff
            ceiling = blocked
            if let counted = countedResume(blocked: blocked, above: resume) { resume = counted }
        } else if let clean = cleanRate, clean < blocked * 0.999 {
            // A step above the proven rate failed: back to what is known to
            // hold; an older, lower ceiling stays the upper bound.
            resume = clean
            ceiling = min(ceiling ?? blocked, blocked)
        } else if now - rateSince < settings.quickBlock {
            // Blocked soon after the rate started: a wrong memory, or a limit that fell far.
            cleanRate = nil
            cleanSource = nil
            isCleanCounted = false
            resume = blocked * settings.quickBackoff
            ceiling = blocked
            if let counted = countedResume(blocked: blocked, above: resume) { resume = counted }
        } else {
            // Blocked at a rate that had held a while: the limit fell a little
            // (or sits just under it); what held is now the best guess of clean.
            resume = blocked * settings.backoff
            if cleanRate != nil {
                cleanRate = resume
                cleanSource = .block
                isCleanCounted = false
            }
            ceiling = blocked
        }
        if let floor {
            resume = max(resume, floor)
            if floor > (cleanRate ?? 0) {
                // Over a counted rate, the floor is within the count's
                // margin of the limit: held, not grown from.
                cleanRate = floor
                cleanSource = .ramp
            } else if isCleanCounted {
                floorUnderCount = floor
            }
        }
        blocks += 1
        earlierBlockAt = lastBlockAt.flatMap { blocks > 1 ? $0 : nil }
        lastBlockAt = now
        setRate(resume, at: now)
        rateSince = now
        // The front end's count starts again after its block: so does this one.
        countingSince = .infinity
        admitted.removeAll(keepingCapacity: true)
        admittedHead = 0
    }

    /// Where a first or quick block at `blocked` resumes by the answers let
    /// through: the lowest counted rate less the margin that lies above
    /// `above` (the resume by share alone) and at most `backoff` of the
    /// blocked rate, which also becomes the clean rate; nil when no
    /// window's count lies there (or the run counted none).
    private mutating func countedResume(blocked: Double, above: Double) -> Double? {
        guard let last = admitted.last else { return nil }
        let kept = admitted[admittedHead...]
        var lowest: Double?
        for window in settings.limitWindows where window > 0 {
            // Answers in the window that ends at the last one let through
            // (what came after it was refused), counted from the newest; a
            // window longer than the count has run holds all of them.
            let count = kept.reversed().prefix { $0 > last - window }.count
            let candidate = Double(count) / window * settings.limitMargin
            if candidate > above, candidate <= blocked * settings.backoff, candidate < (lowest ?? .infinity) { lowest = candidate }
        }
        guard let lowest else { return nil }
        let counted = clamped(lowest)
        cleanRate = counted
        cleanSource = .ramp
        isCleanCounted = true
        return counted
    }

    /// Notes an answer at `now` that the front end let through (data, or
    /// an error of the item's own, not a refusal): what a block counts.
    public mutating func recordAdmitted(at now: Double) {
        guard !settings.limitWindows.isEmpty, now >= countingSince else { return }
        admitted.append(now)
        let longest = settings.limitWindows.max() ?? 0
        while admittedHead < admitted.count, admitted[admittedHead] <= now - longest { admittedHead += 1 }
        if admitted.count - admittedHead > Self.admittedLimit { admittedHead = admitted.count - Self.admittedLimit }
        if admittedHead > 4_096 {
            admitted.removeFirst(admittedHead)
            admittedHead = 0
        }
    }

    /// Notes that sending resumed at `now` after a block's cooldown.
    public mutating func recordResume(at now: Double) {
        rateSince = now
        intervalStart = now
        grantsInInterval = 0
        ramp.removeAll()
        countingSince = now
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
