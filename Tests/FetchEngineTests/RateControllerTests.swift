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

    @Test func slowStartGrowsByTheGrowthFactorEveryUsedInterval() {
        var controller = RateController(settings: Settings(start: 4, interval: 1, growth: 1.5), now: 0)
        Self.drive(&controller, from: 0, for: 1.01)
        #expect(controller.rate == 6)
        Self.drive(&controller, from: 1.01, for: 1)
        #expect(controller.rate == 9)
    }

    @Test func sparseRequestsNeverRaiseTheRate() {
        var controller = RateController(settings: Settings(start: 10), now: 0)
        for second in 1...60 { controller.recordRequest(at: Double(second)) }
        #expect(controller.rate == 10)
        #expect(controller.cleanRate == nil, "a rate that was not used is not proven clean")
    }

    @Test func firstBlockResumesAtTheFirstBackoffOfTheBlockedRate() {
        var controller = RateController(settings: Settings(start: 4, interval: 1, growth: 1.5), now: 0)
        let end = Self.drive(&controller, from: 0, for: 3.05)   // 4 → 6 → 9 → 13.5
        #expect(controller.rate == 13.5)
        controller.recordBlock(at: end)
        #expect(controller.ceiling == 13.5)
        #expect(controller.rate == 13.5 * 0.76)
        #expect(controller.cleanRate == nil)
    }

    @Test func aRateHeldForTheSustainPeriodBecomesTheCleanRateAndBlocksAboveItFallBackToIt() {
        var controller = RateController(
            settings: Settings(start: 10, firstBackoff: 0.8, sustain: 60, searchWait: 600, closeEnough: 1.2), now: 0)
        controller.recordBlock(at: 0)                      // ceiling 10, resume 8
        controller.recordResume(at: 60)
        var now = Self.drive(&controller, from: 60, for: 61)
        #expect(controller.cleanRate == 8)
        now = Self.drive(&controller, from: now, for: 560)
        #expect(controller.rate == 9, "after the search wait: halfway between the clean rate and the ceiling")
        controller.recordBlock(at: now)
        #expect(controller.rate == 8, "a failed step goes back to the clean rate")
        #expect(controller.ceiling == 9, "and the step is the new ceiling: 9 / 8 is close enough, the search is over")
        controller.recordResume(at: now + 60)
        Self.drive(&controller, from: now + 60, for: 3_000)
        #expect(controller.rate == 8)
    }

    @Test func aQuickBlockAtTheCleanRateHalvesAndALateOneBacksOffByTenPercentToANewCleanRate() {
        var controller = RateController(settings: Settings(start: 40, firstBackoff: 0.8), now: 0)
        controller.recordBlock(at: 1)
        #expect(controller.rate == 32)
        controller.recordResume(at: 61)
        controller.recordBlock(at: 70)
        #expect(controller.rate == 16, "blocked 9 s after resuming, with no clean rate")
        controller.recordResume(at: 130)
        let now = Self.drive(&controller, from: 130, for: 100)
        #expect(controller.cleanRate == 16)
        controller.recordBlock(at: now)
        #expect(controller.rate == 16 * 0.9, "blocked 100 s into a clean rate: the limit fell a little")
        #expect(controller.cleanRate == 16 * 0.9)
        #expect(controller.ceiling == 16)
    }

    @Test func aSearchStepIsAtMostCloseEnoughAboveTheCleanRate() {
        var controller = RateController(settings: Settings(start: 10, firstBackoff: 0.5, sustain: 60, searchWait: 600), now: 0)
        controller.recordBlock(at: 0)                      // ceiling 10, resume 5
        controller.recordResume(at: 60)
        Self.drive(&controller, from: 60, for: 620)
        #expect(controller.cleanRate == 5)
        #expect(controller.rate == 5 * 1.05, "not 7.5, halfway to an overshot ceiling")
    }

    @Test func afterTwoBlocksInARunTheSearchWaitsForTheRaisePeriodSinceTheFirst() {
        let settings = Settings(start: 40, firstBackoff: 0.8, sustain: 60, searchWait: 600, raisePeriod: 3_600)
        var controller = RateController(settings: settings, now: 0)
        controller.recordBlock(at: 1)                      // ceiling 40, resume 32
        controller.recordResume(at: 61)
        controller.recordBlock(at: 70)                     // quick: resume 16, ceiling 32
        controller.recordResume(at: 130)
        var now = Self.drive(&controller, from: 130, for: 3_300)
        #expect(controller.cleanRate == 16)
        #expect(controller.rate == 16, "a search step now would be the run's third block")
        now = Self.drive(&controller, from: now, for: 200)
        #expect(now > 1 + 3_600 && now < 1 + 3_600 + 600)
        #expect(controller.rate == 16 * 1.05, "the raise period since the first block has passed: the search goes on")

        let remembered = controller.remembered
        var next = RateController(settings: settings, now: 0, remembered: remembered)
        Self.drive(&next, from: 0, for: 700)
        #expect(next.rate == 16 * 1.05, "the next run searches from the memory after its own search wait")
    }

    @Test func aFoundLimitIsProbedOnlyAfterTheRaisePeriodWithNoBlock() {
        let settings = Settings(start: 10, sustain: 60, searchWait: 600, raisePeriod: 3_600)
        let remembered = RateController.Remembered(ceiling: 10.2, cleanRate: 10, lastBlockAt: -100)
        var controller = RateController(settings: settings, now: 0, remembered: remembered)
        var now = Self.drive(&controller, from: 0, for: 3_400)
        #expect(controller.rate == 10, "the limit is found: no step within the raise period")
        now = Self.drive(&controller, from: now, for: 130)
        #expect(controller.rate == 10.2 * 1.05)
        controller.recordBlock(at: now)
        #expect(controller.rate == 10)
        #expect(controller.ceiling == 10.2, "the lower, older ceiling stays")
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
