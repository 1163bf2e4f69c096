import Foundation

/// How one run paces, retries and budgets its requests: the options
/// `etl crawl` and `etl images` (and every source) share, parsed once.
public struct PacingOptions: Sendable, Equatable {
    /// Requests in flight at most.
    public var concurrency = 4
    public var rate: RateSetting = .auto
    /// Starting rate of `--rate auto`: the one given, else 1.
    public var rateStart: Double {
        get { givenRateStart ?? 1 }
        set { givenRateStart = newValue }
    }
    /// `--rate-start` when it was set: it wins over a remembered rate.
    public private(set) var givenRateStart: Double?
    /// Highest rate `--rate auto` may reach.
    public var rateMax = 80.0
    /// Seconds every request waits after a confirmed block.
    public var cooldown = 60.0
    /// Answers per item per run for transient failures.
    public var maxAttempts = 5
    /// Seconds one request may take.
    public var timeout = 30.0
    public var maxRequests: Int?
    /// Seconds the run may take.
    public var maxDuration: Double?
    /// Seed of the retry jitter.
    public var jitterSeed: UInt64 = 0

    public init() {}

    /// The longest `Retry-After` honoured: ten cooldowns (at least ten
    /// seconds), so a server asking for days cannot stall a run.
    public var maxRetryAfter: Double { max(cooldown, 1) * 10 }

    /// The run's one pacer: rate, refusal confirmation, cooldowns and budgets.
    /// `memory` (what an earlier run learnt about the host) is used only by
    /// `--rate auto` without `--rate-start`, and only when fresh.
    public func makePacer(
        stop: StopSignal, memory: PacingMemory? = nil, now: Date = Date(), clock: any FetchClock = ContinuousFetchClock()
    ) -> RequestPacer {
        RequestPacer(
            rate: rate,
            controllerSettings: .paced(start: rateStart, maximum: rateMax, cooldown: cooldown),
            cooldown: cooldown, maxRequests: maxRequests, maxDuration: maxDuration,
            maxRetryAfter: maxRetryAfter, memory: usableMemory(memory, at: now), stop: stop, clock: clock, startDate: now)
    }

    /// `memory` when this run may start from it.
    public func usableMemory(_ memory: PacingMemory?, at now: Date) -> PacingMemory? {
        guard rate == .auto, givenRateStart == nil, let memory, memory.isFresh(at: now) else { return nil }
        return memory
    }
}
