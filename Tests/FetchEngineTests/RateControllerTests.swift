import Testing
@testable import FetchEngine

@Suite("RateController")
struct RateControllerTests {
    typealias Settings = RateController.Settings

    /// Sends requests evenly at the controller's rate from `start` for
    /// `duration` seconds; returns the end time.
    @discardableResult
    static func drive(_ controller: inout RateController, from start: Double, for duration: Double) -> Double {
        var now = start
        while now < start + duration {
            now += 1 / controller.rate
            controller.recordRequest(at: now)
        }
        return now
    }

    @Test(arguments: [(1.0, 1.0), (5, 5), (0.01, 0.05), (500, 80)])
    func startsAtTheClampedStartRate(start: Double, expected: Double) {
        #expect(RateController(settings: Settings(start: start), now: 0).rate == expected)
    }

    @Test func slowStartGrowsByHalfEveryUsedSecond() {
        var controller = RateController(settings: Settings(start: 4, interval: 1), now: 0)
        Self.drive(&controller, from: 0, for: 1.01)
        #expect(controller.rate == 6)
        Self.drive(&controller, from: 1.01, for: 1)
        #expect(controller.rate == 9)
    }

    @Test func sparseRequestsNeverRaiseTheRate() {
        var controller = RateController(settings: Settings(start: 10), now: 0)
        for second in 1...60 { controller.recordRequest(at: Double(second)) }
        #expect(controller.rate == 10)
    }

    @Test func firstBlockResumesAtTheLastCleanRate() {
        var controller = RateController(settings: Settings(start: 4, interval: 1), now: 0)
        let end = Self.drive(&controller, from: 0, for: 3.05)   // 4 → 6 → 9 → 13.5
        #expect(controller.rate == 13.5)
        controller.recordBlock(at: end)
        #expect(controller.ceiling == 13.5)
        #expect(controller.rate == 9 * 0.95, "95% of the rate of the last interval that ran clean")
    }

    @Test func aQuickSecondBlockHalvesAndALateOneBacksOffByTenPercent() {
        var controller = RateController(settings: Settings(start: 40), now: 0)
        controller.recordBlock(at: 1)
        #expect(controller.rate == 36, "no clean interval yet: backoff × the blocked rate")
        controller.recordResume(at: 61)
        controller.recordBlock(at: 70)
        #expect(controller.rate == 18, "blocked 9 s after resuming")
        controller.recordResume(at: 130)
        controller.recordBlock(at: 1_000)
        #expect(controller.rate == 18 * 0.9)
    }

    @Test func holdsAfterABlockThenCreepsUpAfterTheQuietPeriod() {
        var controller = RateController(settings: Settings(start: 20, quietPeriod: 600, creep: 0.01), now: 0)
        controller.recordBlock(at: 0)
        controller.recordResume(at: 60)
        let held = controller.rate
        var now = Self.drive(&controller, from: 60, for: 590)
        #expect(controller.rate == held, "no change during the quiet period")
        now = Self.drive(&controller, from: now, for: 600)
        let ceiling = try! #require(controller.ceiling)
        #expect(abs(controller.rate - (held + ceiling * 0.01 * 10)) < ceiling * 0.005, "+1% of the ceiling a minute")
    }

    @Test func neverExceedsTheMaximumNorFallsBelowTheMinimum() {
        var controller = RateController(settings: Settings(start: 4, maximum: 10, minimum: 0.5), now: 0)
        Self.drive(&controller, from: 0, for: 60)
        #expect(controller.rate == 10)
        for block in 1...40 {
            controller.recordResume(at: Double(block) * 2)
            controller.recordBlock(at: Double(block) * 2 + 1)
        }
        #expect(controller.rate == 0.5)
    }
}
