import Testing
@testable import FetchEngine

/// One item fetched to its outcome against a stub client on a
/// ``ManualClock``: retries, Retry-After, refusals judged noise or a block.
// The time limit only ends a hang: these run on virtual time, but in the
// full suite a test can wait a minute for a thread of the shared pool.
@Suite("Fetcher", .timeLimit(.minutes(5)))
struct FetcherTests {
    static let good = "http://x/good"
    static let item = "http://x/item"

    static func fetcher(
        _ client: StubClient, clock: ManualClock, rate: RateSetting = .unlimited, cooldown: Double = 60, maxAttempts: Int = 5,
        backoff: Backoff = Backoff()
    ) -> Fetcher<TestKind> {
        let pacer = RequestPacer(rate: rate, cooldown: cooldown, maxRequests: nil, maxDuration: nil, stop: StopSignal(), clock: clock)
        return Fetcher(kind: TestKind(), client: client, pacer: pacer, maxAttempts: maxAttempts, backoff: backoff, seed: 7)
    }

    static func outcome(_ completion: FetchCompletion<String, String>) -> String {
        switch completion {
        case .finished(let output, _): return output
        case .abandoned(let item, let reason, _): return "abandoned \(item): \(reason)"
        case .unreachable(let item, let failure, _): return "unreachable \(item): \(failure.reason)"
        case .fatal(let item, let error, _): return "fatal \(item): \(error)"
        }
    }

    @Test func aServerErrorIsRetriedAfterTheSeededBackoff() async {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, _, asked in asked <= 2 ? .answer(.status(500)) : .answer(.data) }
        let backoff = Backoff(base: 1, cap: 4)
        let fetcher = Self.fetcher(client, clock: clock, backoff: backoff)
        let completion = await clock.driving { await fetcher.fetch(Self.item, jitter: 3) }
        #expect(Self.outcome(completion) == "ok \(Self.item)")
        #expect(completion.tally.requests == 3)
        #expect(completion.tally.retries == 2)
        // The item's jitter seeds its delays, so a run replays exactly.
        var generator = SeededGenerator(seed: 7 ^ 3)
        let first = Duration.seconds(backoff.delay(attempt: 1, using: &generator))
        let second = Duration.seconds(backoff.delay(attempt: 2, using: &generator))
        #expect(client.requests.map(\.at) == [.zero, first, first + second])
        #expect(first <= .seconds(1) && second <= .seconds(2), "full jitter under 1 s, then 2 s")
    }

    @Test func attemptsRunOutIntoARecordedFailure() async {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, _, _ in .answer(.status(502)) }
        let fetcher = Self.fetcher(client, clock: clock, maxAttempts: 3)
        let completion = await clock.driving { await fetcher.fetch(Self.item) }
        #expect(Self.outcome(completion) == "failed \(Self.item): HTTP 502 (after 3 attempts)")
        #expect(client.requests.count == 3)
        #expect(completion.tally.retries == 2)
    }

    @Test func noConnectionAttemptAfterAttemptIsUnreachable() async {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { url, _, _ in .fail(.cannotConnect(url: url, reason: "refused")) }
        let fetcher = Self.fetcher(client, clock: clock, maxAttempts: 2)
        let completion = await clock.driving { await fetcher.fetch(Self.item) }
        #expect(Self.outcome(completion) == "unreachable \(Self.item): cannot connect to \(Self.item): refused (after 2 attempts)")
    }

    @Test func retryAfterIsHonouredToTheSecond() async {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, _, asked in asked == 1 ? .answer(.status(503, retryAfter: 7)) : .answer(.data) }
        let fetcher = Self.fetcher(client, clock: clock)
        let completion = await clock.driving { await fetcher.fetch(Self.item) }
        #expect(Self.outcome(completion) == "ok \(Self.item)")
        #expect(client.requests.map(\.at) == timeline([0, 7]))
    }

    @Test func aRetryAfterOfDaysWaitsTenCooldownsAndIsReported() async {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, _, asked in asked == 1 ? .answer(.status(503, retryAfter: 86_400)) : .answer(.data) }
        // The options' rule: at most ten cooldowns.
        let pacer = PacingOptions.with(cooldown: 2).makePacer(stop: StopSignal(), clock: clock)
        let fetcher = Fetcher(kind: TestKind(), client: client, pacer: pacer, maxAttempts: 5)
        let completion = await clock.driving { await fetcher.fetch(Self.item) }
        #expect(Self.outcome(completion) == "ok \(Self.item)")
        #expect(client.requests.map(\.at) == timeline([0, 20]))
        #expect(await fetcher.pacer.takeEvents() == [.cappedRetryAfter(askedSeconds: 86_400, waitedSeconds: 20)])
    }

    @Test("a server that keeps asking for days: one capped wait a run, then its items give up at once, saying why")
    func aRetryAfterOfDaysAgainGivesUpInsteadOfWaitingPerAttempt() async {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, _, _ in .answer(.status(503, retryAfter: 86_400)) }
        let pacer = PacingOptions.with(cooldown: 2).makePacer(stop: StopSignal(), clock: clock)
        let fetcher = Fetcher(kind: TestKind(), client: client, pacer: pacer, maxAttempts: 5)
        let (first, second) = await clock.driving { (await fetcher.fetch(Self.item), await fetcher.fetch(Self.good)) }
        let reason = "HTTP 503 (after 2 attempts); the server asked to wait 86400 s (Retry-After), longer than this run waits; run again later"
        #expect(Self.outcome(first).hasSuffix(reason), "\(Self.outcome(first))")
        #expect(Self.outcome(second).hasSuffix(reason.replacingOccurrences(of: "after 2", with: "after 1")), "\(Self.outcome(second))")
        // Ten cooldowns (20 s) once, not per attempt (five attempts would
        // wait 80 s); the other item asks at its turn (the auto rate starts at 1/s).
        #expect(client.requests.map(\.at) == timeline([0, 20, 21]))
        #expect(await fetcher.pacer.takeEvents() == [.cappedRetryAfter(askedSeconds: 86_400, waitedSeconds: 20)])
    }

    /// `good` answered first, so the probe asks it again; the item itself
    /// is refused once at 0.25 s.
    @Test func aRefusalThatTheProbeFindsWasNoiseCostsOneRetry() async {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { url, _, asked in
            url == Self.item && asked == 1 ? .answer(.status(403)) : .answer(.data)
        }
        let fetcher = Self.fetcher(client, clock: clock, rate: .fixed(4))
        let (first, second) = await clock.driving { (await fetcher.fetch(Self.good), await fetcher.fetch(Self.item)) }
        #expect(Self.outcome(first) == "ok \(Self.good)")
        #expect(Self.outcome(second) == "ok \(Self.item)")
        #expect(client.requests == [
            .init(url: Self.good, at: .zero), .init(url: Self.item, at: .seconds(0.25)),
            .init(url: Self.good, at: .seconds(0.5)), .init(url: Self.item, at: .seconds(0.5)),
        ])
        #expect(second.tally.refusals == 1 && second.tally.retries == 1 && second.tally.requests == 3)
        #expect(await fetcher.pacer.blocks == 0)
        #expect(await fetcher.pacer.takeEvents() == [.noise(reason: "HTTP 403 (text/plain, 10 bytes)")])
    }

    /// Everything is refused from 0.25 s until 5 s: the refused probe
    /// confirms a block, and the item goes again after the cooldown.
    @Test func aRefusalThatTheProbeConfirmsWaitsOutTheCooldown() async {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, at, _ in
            at >= .seconds(0.25) && at < .seconds(5) ? .answer(.status(403)) : .answer(.data)
        }
        let fetcher = Self.fetcher(client, clock: clock, rate: .fixed(4), cooldown: 10)
        let (first, second) = await clock.driving { (await fetcher.fetch(Self.good), await fetcher.fetch(Self.item)) }
        #expect(Self.outcome(first) == "ok \(Self.good)")
        #expect(Self.outcome(second) == "ok \(Self.item)")
        #expect(client.requests == [
            .init(url: Self.good, at: .zero), .init(url: Self.item, at: .seconds(0.25)),
            .init(url: Self.good, at: .seconds(0.5)), .init(url: Self.item, at: .seconds(10.5)),
        ])
        #expect(second.tally.refusals == 1 && second.tally.retries == 0)
        #expect(await fetcher.pacer.blocks == 1)
        #expect(await fetcher.pacer.takeEvents() == [
            .confirmedBlock(reason: "HTTP 403 (text/plain, 10 bytes)", cooldownSeconds: 10, newRate: 4)
        ])
    }

    @Test func aLonePageWithStatus200FailsItsItemAtOnceWhenTheKindSaysSo() async {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { url, _, _ in url == Self.item ? .answer(.page) : .answer(.data) }
        let fetcher = Self.fetcher(client, clock: clock, rate: .fixed(4))
        let (_, second) = await clock.driving { (await fetcher.fetch(Self.good), await fetcher.fetch(Self.item)) }
        #expect(Self.outcome(second) == "failed \(Self.item): HTTP 200 (text/html, 20 bytes)")
        #expect(client.requests.count == 2, "no pause, no probe")
        #expect(await fetcher.pacer.noise == 1)
    }

    @Test func anItemRefusedThroughEveryCooldownStillEnds() async {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, _, _ in .answer(.status(403)) }
        let fetcher = Self.fetcher(client, clock: clock, rate: .fixed(4), cooldown: 1, maxAttempts: 2)
        let completion = await clock.driving { await fetcher.fetch(Self.item) }
        #expect(Self.outcome(completion) == "failed \(Self.item): HTTP 403 (text/plain, 10 bytes) (after 4 refusals)")
        #expect(completion.tally.refusals == 4)
    }

    /// A transfer dropped by cancellation: the stop's if one was asked
    /// for, else the time budget's end (the loop cancels for nothing else).
    @Test(arguments: [false, true])
    func aCancelledTransferAbandonsTheItem(isStopped: Bool) async {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, _, _ in .hold }
        let fetcher = Self.fetcher(client, clock: clock)
        let task = Task { await fetcher.fetch(Self.item) }
        await client.held(atLeast: 1)
        if isStopped { fetcher.pacer.stop.request(signal: 15) }
        task.cancel()
        let completion = await task.value
        let reason = isStopped ? "interrupted; finishing requests in flight" : "--max-duration reached"
        #expect(Self.outcome(completion) == "abandoned \(Self.item): \(reason)")
        #expect(completion.tally.requests == 1)
    }
}
