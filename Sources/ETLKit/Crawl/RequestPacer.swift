/// Hands out permission to send a request: the rate budget, the cooldown
/// after a block, and the per-run request and time budgets. Shared by every
/// fetching task, hence an actor.
public actor RequestPacer {
    /// Why a request was not granted.
    public enum Refusal: Sendable, Equatable {
        case stopped
        case requestBudget
        case timeBudget
    }

    private let clock = ContinuousClock()
    private let startedAt: ContinuousClock.Instant
    private let fixedRate: Double?
    private var controller: RateController?
    private let cooldown: Duration
    private let maxRequests: Int?
    private let deadline: ContinuousClock.Instant?
    nonisolated let stop: StopSignal
    private var nextSlot: ContinuousClock.Instant
    private var cooldownUntil: ContinuousClock.Instant?

    /// Requests granted so far.
    public private(set) var requests = 0
    /// Blocks seen (several blocked answers during one cooldown count once).
    public private(set) var blocks = 0

    public init(
        rate: RateSetting, controllerSettings: RateController.Settings = .init(), cooldown: Double,
        maxRequests: Int?, maxDuration: Double?, stop: StopSignal
    ) {
        let now = ContinuousClock.now
        startedAt = now
        nextSlot = now
        switch rate {
        case .auto:
            fixedRate = nil
            controller = RateController(settings: controllerSettings, now: 0)
        case .fixed(let value):
            fixedRate = value
        case .unlimited:
            fixedRate = .infinity
        }
        self.cooldown = .milliseconds(Int64(cooldown * 1000))
        self.maxRequests = maxRequests
        self.deadline = maxDuration.map { now + .milliseconds(Int64($0 * 1000)) }
        self.stop = stop
    }

    /// The rate in force, in requests per second (infinity when unlimited).
    public var currentRate: Double { controller?.rate ?? fixedRate ?? .infinity }

    /// The pause after a block, in seconds.
    public var cooldownSeconds: Double { cooldown.inSeconds }

    /// Whether a block's cooldown is running now.
    public var isCoolingDown: Bool { cooldownUntil.map { clock.now < $0 } ?? false }

    /// Waits for this request's turn; returns nil when granted, or why not.
    public func acquire() async -> Refusal? {
        while true {
            if stop.isRequested { return .stopped }
            if let maxRequests, requests >= maxRequests { return .requestBudget }
            let now = clock.now
            if let deadline, now >= deadline { return .timeBudget }
            var slot = max(now, nextSlot)
            if let cooldownUntil, cooldownUntil > slot { slot = cooldownUntil }
            // A turn that falls after the deadline is no turn at all.
            if let deadline, slot >= deadline { return .timeBudget }
            nextSlot = slot + interval
            if slot > now {
                let blockEpoch = blocks
                if let refusal = await sleep(until: slot) { return refusal }
                // A block during the wait moved everything back: queue again.
                if blocks != blockEpoch { continue }
            }
            if let maxRequests, requests >= maxRequests { return .requestBudget }
            requests += 1
            controller?.recordRequest(at: seconds(since: startedAt))
            return nil
        }
    }

    /// Reports a block answer. Returns true when it starts a new block.
    @discardableResult
    public func reportBlock() -> Bool {
        let now = clock.now
        if let cooldownUntil, now < cooldownUntil { return false }
        blocks += 1
        controller?.recordBlock(at: seconds(since: startedAt))
        cooldownUntil = now + cooldown
        nextSlot = now + cooldown
        return true
    }

    /// Time left before the run's `--max-duration`, if any.
    public var remainingTime: Duration? { deadline.map { $0 - clock.now } }

    private var interval: Duration {
        let rate = currentRate
        guard rate.isFinite, rate > 0 else { return .zero }
        return .nanoseconds(Int64(1e9 / rate))
    }

    /// Sleeps in short steps so a stop or the deadline is noticed promptly.
    private func sleep(until instant: ContinuousClock.Instant) async -> Refusal? {
        while clock.now < instant {
            if stop.isRequested { return .stopped }
            if let deadline, clock.now >= deadline { return .timeBudget }
            let step = min(instant, clock.now + .milliseconds(200))
            try? await Task.sleep(until: step, clock: clock)
        }
        return nil
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        (clock.now - start).inSeconds
    }
}
