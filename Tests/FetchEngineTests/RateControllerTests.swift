import Testing
@testable import ETLKit

@Suite("RateController")
struct RateControllerTests {
    typealias Settings = RateController.Settings

    /// Sends requests evenly spaced at the controller's current rate from
    /// `start` for `duration` seconds; returns the end time and the highest rate seen.
    @discardableResult
    static func drive(_ controller: inout RateController, from start: Double, for duration: Double,
                      onRate: (Double, Double) -> Void = { _, _ in }) -> (end: Double, peak: Double) {
        var now = start
        var peak = controller.rate
        while now < start + duration {
            now += 1 / controller.rate
            controller.recordRequest(at: now)
            peak = max(peak, controller.rate)
            onRate(now, controller.rate)
        }
        return (now, peak)
    }

    @Test(arguments: [(1.0, 1.0), (5, 5), (0.01, 0.1), (500, 80)])
    func startsAtTheClampedStartRate(start: Double, expected: Double) {
        let controller = RateController(settings: Settings(start: start), now: 100)
        #expect(controller.rate == expected)
        #expect(controller.ceiling == nil)
    }

    @Test func probesByAQuarterPerUsedInterval() {
        var controller = RateController(settings: Settings(start: 10, probeInterval: 2), now: 0)
        for step in 1...19 { controller.recordRequest(at: Double(step) * 0.1) }
        #expect(controller.rate == 10, "no rise before a whole interval")
        controller.recordRequest(at: 2.0)
        #expect(controller.rate == 12.5)
        // The next interval starts now: 25 requests in 2 s at 12.5/s.
        for step in 1...25 { controller.recordRequest(at: 2.0 + Double(step) * 0.08) }
        #expect(abs(controller.rate - 15.625) < 1e-9)
    }

    @Test(arguments: [(16, true), (15, false), (20, true), (1, false)])
    func risesOnlyWhenEightyPercentOfTheRateWasUsed(requests: Int, rises: Bool) {
        var controller = RateController(settings: Settings(start: 10, probeInterval: 2), now: 0)
        for step in 1...requests { controller.recordRequest(at: 2.0 * Double(step) / Double(requests)) }
        #expect(controller.rate == (rises ? 12.5 : 10))
    }

    @Test func sparseRequestsNeverRaiseTheRate() {
        var controller = RateController(settings: Settings(start: 10, probeInterval: 2), now: 0)
        // One request a second for ten minutes: 10% of the granted rate.
        for second in 1...600 { controller.recordRequest(at: Double(second)) }
        #expect(controller.rate == 10)
    }

    @Test func aBlockSetsTheCeilingAndHalves() {
        var controller = RateController(settings: Settings(start: 8), now: 0)
        let (end, _) = Self.drive(&controller, from: 0, for: 10)
        let before = controller.rate
        #expect(before > 8)
        controller.recordBlock(at: end)
        #expect(controller.ceiling == before)
        #expect(controller.rate == before / 2)
    }

    @Test func afterABlockItClimbsToEightyPercentThenCreeps() {
        var controller = RateController(settings: Settings(start: 40, maximum: 80, probeInterval: 2), now: 0)
        controller.recordBlock(at: 0)
        let ceiling = 40.0
        #expect(controller.rate == 20)
        var reached: (time: Double, rate: Double)?
        let (end, _) = Self.drive(&controller, from: 0, for: 120) { now, rate in
            if reached == nil, rate >= ceiling * 0.8 - 1e-9 { reached = (now, rate) }
        }
        let climb = reached
        #expect(climb != nil, "80% of the ceiling is reached")
        #expect(climb.map { abs($0.rate - ceiling * 0.8) < 1e-9 } == true, "the climb stops at 80% of the ceiling")
        #expect(climb.map { $0.time <= 60 } == true, "back to 80% within a minute, took \(climb?.time ?? -1) s")
        #expect(controller.ceiling == ceiling)
        // Then about 1% of the ceiling per minute.
        let creepStart = controller.rate
        #expect(creepStart < ceiling * 0.8 + ceiling * 0.01 * 2, "only creeping after the climb")
        Self.drive(&controller, from: end, for: 600)
        let crept = controller.rate - creepStart
        #expect(crept > ceiling * 0.01 * 9 && crept < ceiling * 0.01 * 11, "crept \(crept) in 10 minutes")
    }

    @Test func neverExceedsTheMaximum() {
        var controller = RateController(settings: Settings(start: 1, maximum: 5, probeInterval: 2), now: 0)
        let (end, peak) = Self.drive(&controller, from: 0, for: 600)
        #expect(peak == 5)
        #expect(controller.rate == 5)
        // A block far above the maximum is impossible, but creeping after one stays capped too.
        controller.recordBlock(at: end)
        let (_, after) = Self.drive(&controller, from: end, for: 3_600)
        #expect(after <= 5)
    }

    @Test func neverGoesBelowTheMinimum() {
        var controller = RateController(settings: Settings(start: 4, minimum: 0.5), now: 0)
        for block in 1...20 { controller.recordBlock(at: Double(block)) }
        #expect(controller.rate == 0.5)
        #expect(controller.ceiling == 0.5)
    }

    // MARK: simulation

    /// A server that blocks any request that makes more than `limit` in the
    /// last second; the client sends evenly at the controller's rate and
    /// pauses `cooldown` seconds after each block, as RequestPacer does.
    struct Simulation {
        var requests = 0
        var blocks: [(time: Double, requestsBefore: Int)] = []
        var duration: Double

        init(limit: Int, cooldown: Double, duration: Double, settings: Settings) {
            self.duration = duration
            var controller = RateController(settings: settings, now: 0)
            var window: [Double] = []  // request times in the last second
            var head = 0
            var now = 0.0
            while true {
                now += 1 / controller.rate
                guard now < duration else { break }
                controller.recordRequest(at: now)
                requests += 1
                window.append(now)
                while window[head] <= now - 1 { head += 1 }
                if window.count - head > limit {
                    blocks.append((now, requests))
                    controller.recordBlock(at: now)
                    now += cooldown
                }
                if head > 4_096 { window.removeFirst(head); head = 0 }
            }
        }
    }

    @Test(arguments: [40, 10, 25, 60])
    func holdsNearAHiddenLimitWithRareBlocks(limit: Int) {
        let duration = 30.0 * 60
        let simulation = Simulation(limit: limit, cooldown: 60, duration: duration, settings: Settings())
        let averageRate = Double(simulation.requests) / duration
        #expect(simulation.blocks.count >= 1, "the limit was found")
        let firstBlock = simulation.blocks.first?.requestsBefore ?? 0
        let laterBlocks = simulation.blocks.count - 1
        let laterRequests = simulation.requests - firstBlock
        let perThousand = Double(laterBlocks) * 1_000 / Double(max(laterRequests, 1))
        print("""
            rate simulation (limit \(limit)/s, 30 min): \(simulation.requests) requests, \
            average \(averageRate) req/s (\(Int(averageRate / Double(limit) * 100))% of the limit), \
            \(simulation.blocks.count) blocks at \(simulation.blocks.map { Int($0.time) }) s, \
            \(perThousand) blocks per 1,000 requests after the first
            """)
        #expect(perThousand <= 1)
        #expect(averageRate >= 0.6 * Double(limit))
    }

    @Test func reachesTheMaximumWhenTheServerAllowsMore() {
        let simulation = Simulation(limit: 200, cooldown: 60, duration: 600, settings: Settings(maximum: 80))
        #expect(simulation.blocks.isEmpty)
        #expect(Double(simulation.requests) / 600 > 70)
    }
}
