import Testing
@testable import FetchEngine

/// The loop over many items: bounded fan-out, batched commits on the
/// heartbeat, budgets and stops, against a stub client on a ``ManualClock``.
// The time limit only ends a hang: these run on virtual time, but in the
// full suite a test can wait a minute for a thread of the shared pool.
@Suite("FetchLoop", .timeLimit(.minutes(5)))
struct FetchLoopTests {
    /// What a run handed to its callbacks.
    struct Record: Sendable {
        var completions: [String] = []
        var commits: [[String]] = []
        var heartbeats: [Duration] = []
        var stops: [RequestPacer.StopReason] = []
        var reason: RequestPacer.StopReason?
    }

    static func loop(
        _ client: StubClient, clock: ManualClock, rate: RateSetting = .unlimited, concurrency: Int, maxRequests: Int? = nil,
        maxDuration: Double? = nil, stop: StopSignal = StopSignal()
    ) -> FetchLoop<TestKind> {
        let pacer = RequestPacer(
            rate: rate, cooldown: 60, maxRequests: maxRequests, maxDuration: maxDuration, stop: stop, clock: clock)
        return FetchLoop(fetcher: Fetcher(kind: TestKind(), client: client, pacer: pacer, maxAttempts: 3), concurrency: concurrency)
    }

    /// Runs `items` through `loop`; each callback is also told to `events`.
    static func run(_ loop: FetchLoop<TestKind>, _ items: [String], events: AsyncStream<String>.Continuation? = nil) async throws -> Record {
        var record = Record()
        var next = items.makeIterator()
        let clock = loop.fetcher.pacer.clock
        record.reason = try await loop.run(
            next: { next.next().map { ($0, jitter: 0) } },
            onCompletion: { completion in
                let outcome = FetcherTests.outcome(completion)
                record.completions.append(outcome)
                events?.yield("completed \(outcome)")
                guard case .finished(let output, _) = completion else { return nil }
                return output
            },
            commit: { batch in
                record.commits.append(batch)
                events?.yield("commit \(batch.joined(separator: ", "))")
            },
            onHeartbeat: {
                record.heartbeats.append(clock.now)
                events?.yield("heartbeat")
            },
            onStop: { record.stops.append($0) })
        events?.finish()
        return record
    }

    static let items = (1...7).map { "http://x/\($0)" }

    @Test func atMostConcurrencyRequestsAreInFlightAndEachEndStartsTheNext() async throws {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, _, _ in .hold }
        let items = Self.items
        let (events, continuation) = AsyncStream.makeStream(of: String.self)
        async let run = Self.run(Self.loop(client, clock: clock, concurrency: 3), items, events: continuation)
        var heard = events.makeAsyncIterator()
        for index in items.indices {
            // Released in order, so each wait sees the next item started.
            await client.held(atLeast: min(3, items.count - index))
            client.release(items[index])
            // And each completion is seen before the next release: two
            // answers released together may reach the loop in either order.
            while let event = await heard.next(), event != "completed ok \(items[index])" {}
        }
        let record = try await run
        #expect(client.mostHeld == 3)
        #expect(client.requests.map(\.url).sorted() == items.sorted())
        #expect(record.completions == items.map { "ok \($0)" })
        #expect(record.commits == [items.map { "ok \($0)" }], "time never moved: one commit at the end")
        #expect(record.reason == nil && record.stops == [])
    }

    @Test func oneAtATimeTheLoopKeepsTheRateAndBeatsEveryTenthOfASecond() async throws {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, _, _ in .answer(.data) }
        let loop = Self.loop(client, clock: clock, rate: .fixed(4), concurrency: 1)
        let items = Array(Self.items.prefix(4))
        // At rest: the next request and the heartbeat asleep.
        let record = await clock.driving(asleep: 2) { try? await Self.run(loop, items) }
        #expect(client.requests.map(\.at) == timeline([0, 0.25, 0.5, 0.75]))
        #expect(record?.heartbeats == (1...7).map { .milliseconds(100 * $0) })
        #expect(record?.completions == items.map { "ok \($0)" })
    }

    @Test func theHeartbeatCommitsWhatIsPendingWhenAnswersStopComing() async throws {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, _, _ in .hold }
        let items = Array(Self.items.prefix(2))
        let (stream, events) = AsyncStream.makeStream(of: String.self)
        async let run = Self.run(Self.loop(client, clock: clock, concurrency: 2), items, events: events)
        var heard = stream.makeAsyncIterator()
        await client.held(atLeast: 2)
        client.release(items[0])
        #expect(await heard.next() == "completed ok \(items[0])")
        await clock.sleepers(atLeast: 1)
        #expect(clock.nextDeadline == .milliseconds(100))
        clock.advance(to: .milliseconds(100))
        #expect(await heard.next() == "commit ok \(items[0])", "committed on the beat, the other answer still out")
        #expect(await heard.next() == "heartbeat")
        await clock.sleepers(atLeast: 1)
        clock.advance(to: .milliseconds(200))
        #expect(await heard.next() == "heartbeat", "nothing pending: no commit")
        client.release(items[1])
        let record = try await run
        #expect(record.commits == [["ok \(items[0])"], ["ok \(items[1])"]])
        #expect(record.heartbeats == [.milliseconds(100), .milliseconds(200)])
    }

    @Test func theRequestBudgetEndsTheRunWithItsReason() async throws {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, _, _ in .answer(.data) }
        let record = try await Self.run(Self.loop(client, clock: clock, concurrency: 1, maxRequests: 3), Self.items)
        #expect(record.reason == .requestBudget)
        #expect(record.stops == [.requestBudget])
        #expect(record.completions == Self.items.prefix(3).map { "ok \($0)" } + ["abandoned \(Self.items[3]): --max-requests reached"])
        #expect(client.requests.count == 3)
    }

    @Test func theTimeBudgetCancelsTransfersInFlight() async throws {
        let clock = ManualClock()
        let client = StubClient(clock: clock) { _, _, _ in .hold }
        async let run = Self.run(Self.loop(client, clock: clock, concurrency: 2, maxDuration: 5), Self.items)
        await client.held(atLeast: 2)
        // The heartbeat and the deadline's watcher.
        await clock.sleepers(atLeast: 2)
        clock.advance(to: .seconds(5))
        let record = try await run
        #expect(record.reason == .timeBudget)
        #expect(record.stops == [.timeBudget])
        #expect(record.completions.sorted() == Self.items.prefix(2).map { "abandoned \($0): --max-duration reached" })
        #expect(record.commits == [])
        #expect(client.requests.count == 2, "no item started after the deadline")
    }

    /// A first stop takes no new work but lets the requests in flight
    /// finish and be committed; a second cancels them.
    @Test(arguments: [1, 2])
    func aStopEndsTheRun(requests: Int) async throws {
        let clock = ManualClock()
        let stop = StopSignal()
        let client = StubClient(clock: clock) { _, _, _ in .hold }
        async let run = Self.run(Self.loop(client, clock: clock, concurrency: 2, stop: stop), Self.items)
        await client.held(atLeast: 2)
        for _ in 0..<requests { stop.request(signal: 2) }
        if requests == 1 {
            for url in client.heldURLs { client.release(url) }
        }
        let record = try await run
        let inFlight = Self.items.prefix(2)
        #expect(record.reason == .stopped)
        #expect(record.stops == [.stopped])
        if requests == 1 {
            #expect(record.completions.sorted() == inFlight.map { "ok \($0)" })
            #expect(record.commits.flatMap { $0 }.sorted() == inFlight.map { "ok \($0)" })
        } else {
            #expect(record.completions.sorted() == inFlight.map { "abandoned \($0): interrupted; finishing requests in flight" })
            #expect(record.commits == [])
        }
        #expect(client.requests.count == 2, "nothing new started")
    }
}
