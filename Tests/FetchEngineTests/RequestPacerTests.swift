import Testing
@testable import FetchEngine

/// The pacer on a ``ManualClock``: every instant below is exact, and hours
/// of cooldown pass in microseconds.
// The time limit only ends a hang: these run on virtual time, but in the
// full suite a test can wait a minute for a thread of the shared pool.
@Suite("RequestPacer", .timeLimit(.minutes(5)))
struct RequestPacerTests {
    /// Grants up to `count` requests one after another, each as soon as the
    /// pacer allows; the instants of the grants and why granting stopped, if it did.
    static func grants(_ count: Int, from pacer: RequestPacer, on clock: ManualClock) async -> ([Duration], RequestPacer.StopReason?) {
        await clock.driving {
            var instants: [Duration] = []
            for _ in 0..<count {
                if let reason = await pacer.acquire() { return (instants, reason) }
                instants.append(clock.now)
            }
            return (instants, nil)
        }
    }

    static func pacer(
        _ rate: RateSetting, settings: RateController.Settings = .init(), cooldown: Double = 60, maxRequests: Int? = nil,
        maxDuration: Double? = nil, stop: StopSignal = StopSignal(), clock: ManualClock
    ) -> RequestPacer {
        RequestPacer(
            rate: rate, controllerSettings: settings, cooldown: cooldown, maxRequests: maxRequests, maxDuration: maxDuration,
            stop: stop, clock: clock)
    }

    @Test func aFixedRateGrantsOneRequestPerIntervalAndNoBurstAfterIdling() async {
        let clock = ManualClock()
        let pacer = Self.pacer(.fixed(4), clock: clock)
        let (first, _) = await Self.grants(5, from: pacer, on: clock)
        #expect(first == timeline([0, 0.25, 0.5, 0.75, 1]))
        // Idle for a while: the time not used is not made up for by a burst.
        clock.advance(to: .seconds(10))
        let (later, _) = await Self.grants(3, from: pacer, on: clock)
        #expect(later == timeline([10, 10.25, 10.5]))
    }

    @Test func slowStartGrowsTheRateEachUsedIntervalUpToTheMaximum() async {
        let clock = ManualClock()
        let pacer = Self.pacer(.auto, settings: .init(start: 2, maximum: 8, interval: 0.5, growth: 2), clock: clock)
        let (instants, _) = await Self.grants(14, from: pacer, on: clock)
        // 2/s until the first half second was used (0, 0.5), then 4/s; the
        // half second from 1 s held one request (the slot after 0.5 was
        // booked at 2/s), so 4/s holds until 1.5 s, then 8/s, the maximum.
        // A slot is booked at the rate in force when the request before it went.
        #expect(instants == timeline([0, 0.5, 1, 1.25, 1.5, 1.75, 1.875, 2, 2.125, 2.25, 2.375, 2.5, 2.625, 2.75]))
        #expect(await pacer.currentRate == 8)
        #expect(await pacer.ceiling == nil, "a maximum is not a learnt ceiling")
    }

    @Test func requestsInFlightTogetherGetTheTurnsOneRequestWouldAsTheRateGrows() async {
        let clock = ManualClock()
        let pacer = Self.pacer(.auto, settings: .init(start: 2, maximum: 8, interval: 0.5, growth: 2), clock: clock)
        // Four requesters, as a crawl with --concurrency 4: turns booked all
        // at once at 2/s would be 0, 0.5, 1, 1.5 whatever the rate grew to.
        let instants = await clock.driving {
            await withTaskGroup(of: [Duration].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        var granted: [Duration] = []
                        for _ in 0..<3 {
                            if await pacer.acquire() == nil { granted.append(clock.now) }
                        }
                        return granted
                    }
                }
                return await group.reduce(into: []) { $0 += $1 }.sorted()
            }
        }
        #expect(instants == timeline([0, 0.5, 1, 1.25, 1.5, 1.75, 1.875, 2, 2.125, 2.25, 2.375, 2.5]))
        #expect(await pacer.currentRate == 8)
    }

    @Test func aFirstBlockSetsTheCeilingAndResumesBelowItAfterTheCooldown() async {
        let clock = ManualClock()
        let pacer = Self.pacer(
            .auto, settings: .init(start: 4, maximum: 16, interval: 0.5, growth: 2, firstBackoff: 0.5), cooldown: 1, clock: clock)
        #expect(await pacer.acquire() == nil)
        // Three refusals while suspecting confirm a block without a probe.
        for _ in 0..<3 { _ = await pacer.recordRefusal(reason: "HTTP 429", isStrong: true) }
        #expect(await pacer.blocks == 1)
        #expect(await pacer.ceiling == 4)
        #expect(await pacer.takeEvents() == [.confirmedBlock(reason: "HTTP 429", cooldownSeconds: 1, newRate: 2)])
        let (instants, _) = await Self.grants(8, from: pacer, on: clock)
        // Nothing before the cooldown's end; then 2/s, with no slow start past the ceiling.
        #expect(instants == timeline([1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5]))
        #expect(await pacer.currentRate == 2)
    }

    /// The answers the pacer is told of are what a first block counts: at
    /// 4/s with one request in 8 unanswered (a timeout), the 10 s before the
    /// last answer let 35 through, so the run resumes at 3.5/s less 6%
    /// rather than at 76% of 4/s (the last second's 4 answers are over 90%
    /// of the blocked rate, and 60 s do not fit in the run).
    @Test func aFirstBlockResumesUnderTheRateOfTheAnswersItWasToldOf() async {
        let clock = ManualClock()
        let pacer = Self.pacer(
            .auto, settings: .init(start: 4, interval: 0.5, growth: 1, requestGrowth: 1, rampProof: 0), cooldown: 60, clock: clock)
        let instants: [Duration] = await clock.driving {
            var instants: [Duration] = []
            for request in 0..<48 {
                guard await pacer.acquire() == nil else { break }
                instants.append(clock.now)
                if request % 8 != 7 { await pacer.recordNormalAnswer(url: "http://x/\(request)", isGood: true) }
            }
            return instants
        }
        #expect(instants == timeline((0..<48).map { Double($0) / 4 }))
        for _ in 0..<3 { _ = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true) }
        #expect(await pacer.blocks == 1)
        #expect(await pacer.currentRate == 35.0 / 10 * 0.94)
        #expect(await pacer.memory?.cleanRate == 35.0 / 10 * 0.94)
    }

    @Test func aBlockConfirmedRightAfterTheLastDoublesTheCooldownUpToEightTimes() async {
        let clock = ManualClock()
        let pacer = Self.pacer(.fixed(4), cooldown: 10, clock: clock)
        let (grants, probes) = await clock.driving {
            var grants: [Duration] = []
            var probes: [Duration] = []
            for round in 0..<7 {
                guard await pacer.acquire() == nil else { break }
                grants.append(clock.now)
                // A normal answer ends the episode: the next block starts over at one cooldown.
                if round == 5 { await pacer.recordNormalAnswer(url: "http://x/1", isGood: true) }
                if round == 6 { break }
                guard case .probe(let id, _) = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true),
                    await pacer.waitToProbe(id: id)
                else { break }
                probes.append(clock.now)
                await pacer.recordProbe(id: id, isRefused: true)
            }
            return (grants, probes)
        }
        // Each probe goes one interval (0.25 s) after the refusal; each grant
        // waits for the cooldown: 10, 20, 40, 80, 80 (capped), then 10 again.
        #expect(probes == timeline([0.25, 10.5, 30.75, 71, 151.25, 231.5]))
        #expect(grants == timeline([0, 10.25, 30.5, 70.75, 151, 231.25, 241.5]))
        let cooldowns = await pacer.takeEvents().compactMap { event -> Double? in
            guard case .confirmedBlock(_, let seconds, _) = event else { return nil }
            return seconds
        }
        #expect(cooldowns == [10, 20, 40, 80, 80, 10])
        #expect(await pacer.blocks == 6)
        #expect(await pacer.probes == 6)
        #expect(await pacer.requests == 13, "seven grants and six probes")
    }

    /// A refusal at 0.25 s opens a suspicion; the probe goes one interval
    /// later to the URL that answered last; a request that comes meanwhile
    /// waits for the probe's answer.
    @Test(arguments: [false, true])
    func aProbeSettlesTheSuspicionForTheRequestsQueuedBehindIt(isRefused: Bool) async {
        let clock = ManualClock()
        let pacer = Self.pacer(.fixed(4), cooldown: 60, clock: clock)
        let (probeURL, probedAt, queuedAt) = await clock.driving { () -> (String?, Duration?, Duration?) in
            _ = await pacer.acquire()
            await pacer.recordNormalAnswer(url: "http://x/good", isGood: true)
            _ = await pacer.acquire()
            guard case .probe(let id, let url) = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true) else {
                return (nil, nil, nil)
            }
            async let queued = Self.grantInstant(pacer, clock)
            guard await pacer.waitToProbe(id: id) else { return (url, nil, await queued) }
            let probedAt = clock.now
            await pacer.recordProbe(id: id, isRefused: isRefused)
            return (url, probedAt, await queued)
        }
        #expect(probeURL == "http://x/good")
        #expect(probedAt == .seconds(0.5))
        #expect(queuedAt == .seconds(isRefused ? 60.5 : 0.5), "after the probe, or after the block's cooldown")
        #expect(await pacer.blocks == (isRefused ? 1 : 0))
        #expect(await pacer.noise == (isRefused ? 0 : 1))
        #expect(await pacer.requests == 4, "three grants and the probe")
    }

    static func grantInstant(_ pacer: RequestPacer, _ clock: ManualClock) async -> Duration? {
        await pacer.acquire() == nil ? clock.now : nil
    }

    @Test func retryAfterIsCappedAtTenCooldownsAndTheTimeLeft() async {
        let clock = ManualClock()
        let pacer = PacingOptions.with(cooldown: 3).makePacer(stop: StopSignal(), clock: clock)
        #expect(await pacer.boundedRetryAfter(12) == 12)
        #expect(await pacer.boundedRetryAfter(999_999_999) == 30)
        #expect(await pacer.takeEvents() == [.cappedRetryAfter(askedSeconds: 999_999_999, waitedSeconds: 30)])
        #expect(await pacer.boundedRetryAfter(-5) == 0)
        #expect(await pacer.boundedRetryAfter(31) == nil, "the run's long waits (ten cooldowns in all) are spent")
        #expect(await pacer.boundedRetryAfter(12) == 12, "a short ask is still honoured")
        #expect(await pacer.takeEvents() == [], "the cap is reported once")

        var short = PacingOptions.with(cooldown: 60)
        short.maxDuration = 2
        let bounded = short.makePacer(stop: StopSignal(), clock: clock)
        #expect(await bounded.boundedRetryAfter(500) == 2)
        clock.advance(by: .seconds(0.5))
        #expect(await bounded.boundedRetryAfter(500) == 1.5)
    }

    @Test func theTimeBudgetEndsGrantingAtTheLastTurnBeforeIt() async {
        let clock = ManualClock()
        let pacer = Self.pacer(.fixed(1), maxDuration: 2.5, clock: clock)
        let (instants, reason) = await Self.grants(10, from: pacer, on: clock)
        #expect(instants == timeline([0, 1, 2]))
        #expect(reason == .timeBudget)
        #expect(clock.now == .seconds(2), "a turn past the deadline is refused at once, not slept for")
        #expect(await pacer.remainingTime == .seconds(0.5))
    }

    @Test func theRequestBudgetEndsGrantingAfterItsLastRequest() async {
        let clock = ManualClock()
        let pacer = Self.pacer(.fixed(4), maxRequests: 3, clock: clock)
        let (instants, reason) = await Self.grants(10, from: pacer, on: clock)
        #expect(instants == timeline([0, 0.25, 0.5]))
        #expect(reason == .requestBudget)
        #expect(await pacer.requests == 3)
    }

    @Test func aBackoffLongerThanTheTimeLeftEndsAtTheDeadline() async {
        let clock = ManualClock()
        let pacer = Self.pacer(.unlimited, maxDuration: 5, clock: clock)
        let (short, long) = await clock.driving {
            let short = await pacer.pause(seconds: 1)
            let long = await pacer.pause(seconds: 60)
            return (short, long)
        }
        #expect(short == nil)
        #expect(long == .timeBudget)
        #expect(clock.now == .seconds(5))
    }

    @Test func theDeadlineCancelsTransfersInFlight() async {
        let clock = ManualClock()
        let pacer = Self.pacer(.unlimited, maxDuration: 30, clock: clock)
        async let ended: Void = pacer.waitUntilTransfersMustEnd()
        await clock.sleepers(atLeast: 1)
        #expect(clock.nextDeadline == .seconds(30))
        clock.advance(to: .seconds(30))
        await ended
        #expect(await pacer.acquire() == .timeBudget)
    }

    @Test func aStopEndsEveryWaitAtOnce() async {
        let stop = StopSignal()
        let clock = ManualClock()
        let pacer = Self.pacer(.fixed(0.01), stop: stop, clock: clock)
        #expect(await pacer.acquire() == nil)
        async let queued = pacer.acquire()
        async let paused = pacer.pause(seconds: 600)
        await clock.sleepers(atLeast: 2)
        #expect(clock.nextDeadline == .seconds(100), "the next turn, 100 s away")
        stop.request(signal: 2)
        #expect(await queued == .stopped)
        #expect(await paused == .stopped)
        #expect(clock.now == .zero, "time never moved: only the stop ended the waits")
        #expect(clock.sleeperCount == 0)
        #expect(await pacer.acquire() == .stopped)
    }

    @Test func progressIsTimedOnThePacersClock() async {
        let clock = ManualClock(now: .seconds(100))
        let pacer = Self.pacer(.fixed(4), clock: clock)
        let start = clock.now
        _ = await Self.grants(5, from: pacer, on: clock)
        clock.advance(to: .seconds(102))
        let progress = await pacer.progress(done: 5, total: 10, retries: 0, failures: 0, since: start)
        #expect(progress.elapsedSeconds == 2)
        // Timed from the first request to the latest: 4 turns after the first in 1 s.
        #expect(progress.achievedRate == 4)
        #expect(progress.etaSeconds == 2)
    }

    @Test("a request queued behind the booked turn ends when its task is cancelled, and the others keep their turns")
    func aCancelledWaitLeavesTheQueue() async {
        let clock = ManualClock()
        let pacer = Self.pacer(.fixed(1), clock: clock)
        #expect(await pacer.acquire() == nil)
        let booked = Task { await pacer.acquire() }
        await clock.sleepers(atLeast: 1)
        let queued = Task { await pacer.acquire() }
        let kept = Task { await pacer.acquire() }
        while await pacer.queuedForTurn < 2 { await Task.yield() }
        queued.cancel()
        #expect(await queued.value == .stopped, "cancelled before its turn: no request granted")
        #expect(clock.now == .zero && clock.sleeperCount == 1, "time never moved; the booked turn still sleeps")
        clock.advance(to: .seconds(1))
        #expect(await booked.value == nil)
        await clock.sleepers(atLeast: 1)
        clock.advance(to: .seconds(2))
        #expect(await kept.value == nil)
        #expect(await pacer.requests == 3)
    }

    @Test("the first progress line shows no rate, and no line a rate above the one asked")
    func measuredRateNeverExceedsTheAsked() async {
        let clock = ManualClock()
        let pacer = Self.pacer(.fixed(1), clock: clock)
        let start = clock.now
        _ = await Self.grants(1, from: pacer, on: clock)
        clock.advance(to: .milliseconds(100))
        // One request 0.1 s into the run: "rate 10/s of 1/s" before; no rate now.
        let first = await pacer.progress(done: 0, total: 300, retries: 0, failures: 0, since: start)
        #expect(first.achievedRate == nil && first.etaSeconds == nil)
        var rates: [Double] = []
        for _ in 0..<5 {
            _ = await Self.grants(1, from: pacer, on: clock)
            clock.advance(by: .milliseconds(300))
            rates.append(await pacer.progress(done: 1, total: 300, retries: 0, failures: 0, since: start).achievedRate ?? 0)
        }
        #expect(rates == [1, 1, 1, 1, 1])
    }

    @Test func afterACooldownTheResumeIsTimedSoAQuickSecondBlockHalvesTheRate() async throws {
        let clock = ManualClock()
        let pacer = Self.pacer(.auto, settings: .init(start: 40), cooldown: 0.05, clock: clock)
        #expect(await pacer.acquire() == nil)
        for _ in 0..<3 { _ = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true) }
        #expect(await pacer.blocks == 1)
        #expect(await pacer.currentRate == 40 * 0.76, "a first block: 76% of 40")
        let (resumed, _) = await Self.grants(1, from: pacer, on: clock)
        #expect(resumed == timeline([0.05]), "granted once the cooldown is over")
        #expect(await pacer.isCoolingDown == false)
        await pacer.recordNormalAnswer(url: "http://x/objects/1", isGood: true)
        for _ in 0..<3 { _ = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true) }
        #expect(await pacer.blocks == 2)
        #expect(await pacer.currentRate == 40 * 0.76 / 2, "blocked again right after resuming: halved")
    }

    @Test func aProbeIsNotSentIntoABlockThatOtherAnswersConfirmed() async throws {
        let pacer = Self.pacer(.unlimited, clock: ManualClock())
        guard case .probe(let id, _) = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true) else {
            Issue.record("no probe")
            return
        }
        _ = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true)
        _ = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true)
        #expect(await pacer.blocks == 1)
        #expect(await pacer.waitToProbe(id: id) == false)
        #expect(await pacer.probes == 0)
    }

    @Test func aStopWakesRequestsQueuedBehindASuspicion() async {
        let stop = StopSignal()
        let pacer = Self.pacer(.unlimited, stop: stop, clock: ManualClock())
        guard case .probe = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true) else {
            Issue.record("no suspicion")
            return
        }
        await withTaskGroup(of: RequestPacer.StopReason?.self) { group in
            group.addTask { await pacer.acquire() }
            // The fetch loop's watcher, as FetchLoop runs it.
            group.addTask {
                await pacer.waitUntilTransfersMustEnd()
                return .requestBudget
            }
            for _ in 0..<100_000 {
                if await pacer.queuedBehindGate > 0 && stop.waiterCount > 0 { break }
                await Task.yield()
            }
            #expect(await pacer.queuedBehindGate == 1, "the request waits for the probe")
            stop.request(signal: 2)
            #expect(await group.next() == .some(.stopped), "woken by the stop, not by a probe that never came")
            group.cancelAll()
        }
    }
}

extension PacingOptions {
    static func with(cooldown: Double) -> PacingOptions {
        var options = PacingOptions()
        options.cooldown = cooldown
        return options
    }
}
