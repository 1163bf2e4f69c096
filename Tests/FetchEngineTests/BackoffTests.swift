import Testing
@testable import FetchEngine

@Suite("Backoff")
struct BackoffTests {
    static func draws(_ backoff: Backoff, attempt: Int, count: Int, seed: UInt64) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in backoff.delay(attempt: attempt, using: &generator) }
    }

    @Test(arguments: 1...12)
    func jitterStaysWithinTheExponentialBound(attempt: Int) {
        let backoff = Backoff(base: 0.5, cap: 30)
        let bound = min(30, 0.5 * Double(1 << (attempt - 1)))
        let delays = Self.draws(backoff, attempt: attempt, count: 2_000, seed: UInt64(attempt))
        #expect(delays.allSatisfy { $0 >= 0 && $0 <= bound })
        // Full jitter: the whole range is used, not just its top.
        #expect((delays.max() ?? 0) > bound * 0.95)
        #expect((delays.min() ?? bound) < bound * 0.05)
        let mean = delays.reduce(0, +) / Double(delays.count)
        #expect(abs(mean - bound / 2) < bound * 0.05)
    }

    @Test func maximumGrowsWithAttemptUntilTheCap() {
        let backoff = Backoff(base: 0.5, cap: 30)
        let maxima = (1...9).map { Self.draws(backoff, attempt: $0, count: 1_000, seed: 99).max() ?? 0 }
        for attempt in 1..<7 {
            #expect(maxima[attempt] > maxima[attempt - 1], "attempt \(attempt + 1) vs \(attempt)")
        }
        #expect(maxima.allSatisfy { $0 <= 30 })
        #expect(maxima[6] > 25 && maxima[8] > 25, "capped at 30 from attempt 7 on")
    }

    @Test(arguments: [0, -3, 31, 64, 1_000, Int.max])
    func extremeAttemptsStayBounded(attempt: Int) {
        let backoff = Backoff(base: 0.5, cap: 30)
        let bound = attempt <= 1 ? 0.5 : 30
        let delays = Self.draws(backoff, attempt: attempt, count: 200, seed: 5)
        #expect(delays.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= bound })
    }

    @Test func deterministicForASeed() {
        let backoff = Backoff()
        let first = Self.draws(backoff, attempt: 4, count: 50, seed: 42)
        #expect(first == Self.draws(backoff, attempt: 4, count: 50, seed: 42))
        #expect(first != Self.draws(backoff, attempt: 4, count: 50, seed: 43))
        #expect(Set(first).count > 45, "draws vary")
    }

    @Test func seededGeneratorIsSplitMix64() {
        // Reference values of SplitMix64 seeded with 0.
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }
}
