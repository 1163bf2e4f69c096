/// A deterministic, simulated-clock run of `--rate auto` against a front
/// end with a hidden window limit, so days of crawling are checked in
/// milliseconds. It drives the same ``RateController`` and ``RefusalJudge``
/// the ``RequestPacer`` uses, one request at a time as a slow crawl does,
/// with the pacer's confirm delay and cooldowns.
public struct PacingSimulation: Sendable {
    /// The simulated front end.
    public struct Server: Sendable {
        /// More than `limit` requests within `window` seconds start a block.
        public var limit: Int
        public var window: Double
        /// Seconds a block refuses every request.
        public var penalty: Double
        /// Share of answers that are a lone refusal (a maintenance page) at any rate.
        public var noise: Double

        public init(limit: Int, window: Double, penalty: Double, noise: Double = 0) {
            self.limit = limit
            self.window = window
            self.penalty = penalty
            self.noise = noise
        }

        /// The highest rate that never blocks, in requests per second.
        public var limitRate: Double { Double(limit) / window }
    }

    /// What a run came to.
    public struct Result: Sendable {
        public var requests = 0
        /// Answers that were data (not refused).
        public var answered = 0
        public var refusedAnswers = 0
        /// Blocks the server started.
        public var serverBlocks = 0
        public var confirmedBlocks = 0
        public var dismissedNoise = 0
        /// Probes that were refused: the extra refused requests spent confirming blocks.
        public var refusedProbes = 0
        /// Answered requests after `warmUp` seconds, per second of the rest.
        public var heldRate = 0.0
        public var finalRate = 0.0
        public var ceiling: Double?
        /// Simulated seconds the run lasted (less than `duration` when `job` ended it).
        public var elapsed = 0.0
        /// What the run leaves for the next one (times from this run's start).
        public var remembered = RateController.Remembered()
    }

    public var server: Server
    public var settings: RateController.Settings
    public var cooldown: Double
    public var duration: Double
    public var warmUp: Double
    public var seed: UInt64
    /// What an earlier run learnt, as ``RequestPacer`` hands it to its controller.
    public var remembered: RateController.Remembered?
    /// Answers that end the run (a crawl of that many objects); nil: it runs `duration`.
    public var job: Int?

    public init(
        server: Server, settings: RateController.Settings, cooldown: Double, duration: Double,
        warmUp: Double = 3_600, seed: UInt64 = 1, remembered: RateController.Remembered? = nil
    ) {
        self.remembered = remembered
        self.server = server
        self.settings = settings
        self.cooldown = cooldown
        self.duration = duration
        self.warmUp = warmUp
        self.seed = seed
    }

    public func run() -> Result {
        var result = Result()
        var controller = RateController(settings: settings, now: 0, remembered: remembered)
        var judge = RefusalJudge(cooldown: cooldown)
        var random = SeededGenerator(seed: seed)
        var window: [Double] = []
        var head = 0
        var blockedUntil = -1.0
        var answeredAfterWarmUp = 0
        var now = 0.0
        var isResuming = false

        /// The server's answer to a request at `time`: nil when answered,
        /// else whether it was refused strongly (a block's 403) or weakly
        /// (a lone maintenance page with status 200).
        func ask(at time: Double) -> Bool? {
            result.requests += 1
            if time < blockedUntil { return true }
            if blockedUntil >= 0 {
                // A block just ended: the front end forgets the burst.
                blockedUntil = -1
                window.removeAll()
                head = 0
            }
            window.append(time)
            while head < window.count, window[head] <= time - server.window { head += 1 }
            if window.count - head > server.limit {
                result.serverBlocks += 1
                blockedUntil = time + server.penalty
                return true
            }
            if head > 4_096 {
                window.removeFirst(head)
                head = 0
            }
            return Double(random.next() >> 11) / Double(1 << 53) < server.noise ? false : nil
        }

        while now < duration, result.answered < job ?? .max {
            if let until = judge.cooldownUntil, now < until {
                now = until
                isResuming = true
                continue
            }
            if isResuming {
                controller.recordResume(at: now)
                isResuming = false
            }
            controller.recordRequest(at: now)
            let refusal = ask(at: now)
            guard let isStrong = refusal else {
                result.answered += 1
                if now >= warmUp { answeredAfterWarmUp += 1 }
                judge.recordNormalAnswer(at: now)
                controller.recordAdmitted(at: now)
                now += 1 / controller.rate
                continue
            }
            result.refusedAnswers += 1
            let (role, isNewBlock) = judge.recordRefusal(at: now, isStrong: isStrong)
            if isNewBlock { controller.recordBlock(at: now) }
            guard case .probe(let id) = role else {
                if role == .noise { now += 1 / controller.rate }
                continue
            }
            now += judge.confirmDelay(rate: controller.rate)
            if ask(at: now) != nil {
                result.refusedProbes += 1
                result.refusedAnswers += 1
                if case .block(true) = judge.recordProbe(id: id, isRefused: true, at: now) { controller.recordBlock(at: now) }
            } else {
                result.answered += 1
                if now >= warmUp { answeredAfterWarmUp += 1 }
                _ = judge.recordProbe(id: id, isRefused: false, at: now)
                controller.recordAdmitted(at: now)
                now += 1 / controller.rate
            }
        }
        result.elapsed = min(now, duration)
        result.confirmedBlocks = judge.confirmed
        result.dismissedNoise = judge.noise
        result.heldRate = Double(answeredAfterWarmUp) / max(duration - warmUp, 1)
        result.finalRate = controller.rate
        result.ceiling = controller.ceiling
        result.remembered = controller.remembered
        return result
    }

    /// `nights` runs of `duration` seconds, `gap` seconds apart, each
    /// starting from what the one before learnt (as the catalog's pacing
    /// memory carries it); `warmUp` is ignored: every second counts.
    public func nights(_ nights: Int, gap: Double) -> [Result] {
        self.nights(durations: Array(repeating: duration, count: max(nights, 0)), day: duration + gap)
    }

    /// Runs of `durations` seconds, one a `day` (start to start), each
    /// starting from what the one before learnt: a short first run, then
    /// the nights after it.
    public func nights(durations: [Double], day: Double = 86_400) -> [Result] {
        var memory: RateController.Remembered?
        var results: [Result] = []
        for (night, duration) in durations.enumerated() {
            var run = self
            run.warmUp = 0
            run.duration = duration
            run.seed = seed &+ UInt64(night)
            run.remembered = memory
            let result = run.run()
            results.append(result)
            var next = result.remembered
            next.lastBlockAt = next.lastBlockAt.map { $0 - day }
            memory = next.isEmpty ? memory : next
        }
        return results
    }
}
