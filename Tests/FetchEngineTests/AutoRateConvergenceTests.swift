import Synchronization
import Testing
@testable import FetchEngine

/// `--rate auto` against a front end with a hidden limit, as a crawl meets
/// it: the run's pacer (``PacingOptions/makePacer(stop:memory:now:clock:)``),
/// 16 requests in flight through the ``FetchLoop`` and the ``Fetcher``, and
/// a simulated front end that blocks (403 HTML pages, as Imperva answers)
/// for 2 s when more than 40 requests arrive within a second, the mock
/// API's `--block-limit 40 --block-window 1 --block-penalty 2`. All of it on
/// a ``ManualClock``: half a minute of crawling takes no wall-clock time, and a
/// loaded machine cannot stall and then burst it.
@Suite("--rate auto convergence", .timeLimit(.minutes(5)))
struct AutoRateConvergenceTests {
    /// The simulated front end: the mock API's block rule, on the test clock.
    final class FrontEnd: Sendable {
        struct State: ~Copyable {
            var window: [Duration] = []
            var blockUntil: Duration?
            var blocks = 0
            var refused = 0
            var answered = 0
            /// Requests per whole second of the clock, for the peak.
            var perSecond: [Int64: Int] = [:]
        }

        let limit: Int, window: Duration, penalty: Duration
        let state = Mutex(State())

        init(limit: Int, window: Duration, penalty: Duration) {
            (self.limit, self.window, self.penalty) = (limit, window, penalty)
        }

        /// Whether the request at `now` is refused, as `mock_api.py` decides it.
        func isRefused(at now: Duration) -> Bool {
            state.withLock { state in
                state.perSecond[now.components.seconds, default: 0] += 1
                if let until = state.blockUntil {
                    if now < until {
                        state.refused += 1
                        return true
                    }
                    // A block just ended: the front end forgets the burst.
                    state.blockUntil = nil
                    state.window.removeAll()
                }
                state.window.append(now)
                state.window.removeAll { $0 <= now - window }
                guard state.window.count > limit else {
                    state.answered += 1
                    return false
                }
                state.blocks += 1
                state.refused += 1
                state.blockUntil = now + penalty
                state.window.removeAll()
                return true
            }
        }

        var figures: (blocks: Int, refused: Int, answered: Int, peak: Int) {
            state.withLock { ($0.blocks, $0.refused, $0.answered, $0.perSecond.values.max() ?? 0) }
        }
    }

    static let blockPage = HTTPResponse(status: 403, contentType: "text/html", body: Array("<html>Incapsula incident</html>".utf8))

    @Test("--rate auto finds the hidden limit and then rarely trips it")
    func autoRateConverges() async throws {
        let clock = ManualClock()
        let frontEnd = FrontEnd(limit: 40, window: .seconds(1), penalty: .seconds(2))
        let client = StubClient(clock: clock) { _, at, _ in frontEnd.isRefused(at: at) ? .answer(Self.blockPage) : .answer(.data) }
        var pacing = PacingOptions()
        pacing.rate = .auto
        pacing.rateStart = 8
        pacing.cooldown = 2
        pacing.concurrency = 16
        let pacer = pacing.makePacer(stop: StopSignal(), clock: clock)
        let loop = FetchLoop(
            fetcher: Fetcher(kind: TestKind(), client: client, pacer: pacer, maxAttempts: pacing.maxAttempts), concurrency: pacing.concurrency)
        // 1,200 items: the rate climbs from 8/s to the limit in about 20 s and
        // holds for 10 more. Each turn and heartbeat is a step the test's
        // driver takes, and in the full suite a step can wait for a thread of
        // the shared pool: fewer steps keep it well inside its time limit.
        let items = (1...1_200).map { "http://x/\($0)" }

        struct Run: Sendable {
            var outcomes: [String] = []
            /// (seconds, requests, rate allowed, rate measured) at each heartbeat.
            var beats: [(seconds: Double, requests: Int, allowed: Double, measured: Double?)] = []
        }
        // At rest: the heartbeat and the request whose turn is booked are asleep.
        let run = await clock.driving(asleep: 2) { () -> Run in
            var run = Run()
            var next = items.makeIterator()
            _ = try? await loop.run(
                next: { next.next().map { ($0, jitter: 0) } },
                onCompletion: { completion in
                    run.outcomes.append(FetcherTests.outcome(completion))
                    return nil
                },
                commit: { _ in },
                onHeartbeat: {
                    let snapshot = await pacer.snapshot
                    run.beats.append((clock.now.inSeconds, snapshot.requests, snapshot.currentRate, snapshot.measuredRate))
                },
                onStop: { _ in })
            return run
        }
        let figures = frontEnd.figures
        let requests = await pacer.requests
        let blocksAfterFirst = max(0, figures.blocks - 1)
        let last = try #require(run.beats.last)
        let earlier = try #require(run.beats.last { $0.seconds <= last.seconds - 10 })
        let held = Double(last.requests - earlier.requests) / (last.seconds - earlier.seconds)
        print("""
            auto rate vs hidden limit 40/s on the test clock: \(requests) requests in \(String(format: "%.1f", last.seconds)) s, \
            \(String(format: "%.1f", held))/s held over the last 10 s, peak \(figures.peak) in a second, \
            blocks \(figures.blocks), refused \(figures.refused)
            """)
        // Every item answered in the end: the blocks cost retries, not items.
        #expect(run.outcomes.count == items.count)
        #expect(run.outcomes.filter { $0.hasPrefix("ok ") }.count == items.count)
        // Every request met the front end; probes of a suspected block ask an answered URL again.
        #expect(figures.answered >= items.count && requests == figures.answered + figures.refused)
        // It met the limit (the start of 8/s grows past 40/s), then held below it:
        // a rate that never settled trips it dozens of times.
        #expect(figures.blocks >= 1)
        #expect(blocksAfterFirst <= 3)
        #expect(figures.refused < 200)
        // The rate it allowed itself climbed from --rate-start to the limit's
        // neighbourhood, and what it held at the end is most of the limit.
        #expect((run.beats.map(\.allowed).max() ?? 0) >= 20)
        #expect(held >= 20 && held <= 40)
        // No measured rate is above the highest rate allowed so far.
        var highest = 0.0
        for beat in run.beats {
            highest = max(highest, beat.allowed)
            #expect((beat.measured ?? 0) <= highest * 1.0001, "measured \(beat.measured ?? 0)/s at \(beat.seconds) s, allowed at most \(highest)/s")
        }
    }
}
