import Foundation
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
        #expect(controller.rate > 16 * 1.05, "the raise period since the first block has passed: 16 is a floor far under 32")
        #expect(controller.rate <= 32 * 0.8, "growing no higher than where a block at the ceiling resumes")

        let remembered = controller.remembered
        var next = RateController(settings: settings, now: 0, remembered: remembered)
        Self.drive(&next, from: 0, for: 60)
        #expect(next.rate == 32 * 0.8, "the next run grows from the remembered floor at once, to where a block at 32 resumed")
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

    // MARK: Memory is a floor, not the limit (issue 31)

    @Test func aSlowStartProvesTheRatesItPassedAFewSecondsAgo() {
        var controller = RateController(settings: Settings(start: 1, rampProof: 15), now: 0)
        var rates: [(at: Double, rate: Double)] = []
        var now = 0.0
        while now < 40 {
            now += 1 / controller.rate
            rates.append((now, controller.rate))
            controller.recordRequest(at: now)
        }
        let passed = rates.last { $0.at <= now - 15 - 0.5 }?.rate ?? 0
        #expect(controller.cleanSource == .ramp)
        #expect(controller.ceiling == nil)
        #expect((controller.cleanRate ?? 0) >= passed, "a rate passed 15 s ago with no block since is clean")
        #expect((controller.cleanRate ?? .infinity) < controller.rate, "the rate in force is not proven yet")
    }

    @Test func growthIsPerRequestWhenThatIsMoreThanPerTime() {
        var fast = RateController(settings: Settings(start: 10, interval: 1, growth: 1.02, requestGrowth: 1.01), now: 0)
        for tenth in 1...10 { fast.recordRequest(at: Double(tenth) / 10) }
        #expect(fast.rate == 10 * pow(1.01, 10), "10 clean requests in the interval")
        var slow = RateController(settings: Settings(start: 1, interval: 1, growth: 1.02, requestGrowth: 1.01), now: 0)
        slow.recordRequest(at: 1)
        #expect(slow.rate == 1.02, "one request: the time growth is more")

        var timeOnly = RateController(settings: Settings(start: 10, requestGrowth: 1), now: 0)
        for tenth in 1...5 { timeOnly.recordRequest(at: Double(tenth) / 10) }
        #expect(timeOnly.rate == 10 * 1.02, "with no growth per request, by time only")
    }

    @Test func aShortCooldownDoublesTheSlowStartAtLeastOncePerCooldown() {
        var short = RateController(settings: .paced(start: 1, cooldown: 2), now: 0)
        short.recordRequest(at: 1)
        #expect(short.rate == pow(2, 0.5), "one request in a second at 1/s: half a doubling, not 2%")
        var long = RateController(settings: .paced(start: 1, cooldown: 60), now: 0)
        long.recordRequest(at: 1)
        #expect(long.rate == 1.02, "a 60 s cooldown doubles more slowly than the gentle growth: unchanged")
        var fast = RateController(settings: .paced(start: 1, maximum: 200, cooldown: 2), now: 0)
        Self.drive(&fast, from: 0, for: 15)
        #expect(fast.rate > 60, "from 1/s past 60/s within 15 s")
        var slow = RateController(settings: .paced(start: 1, maximum: 200, cooldown: 60), now: 0)
        Self.drive(&slow, from: 0, for: 15)
        #expect(slow.rate < 2)
    }

    @Test func aCrawlHeldBackGrowsByTheRequestsItSentOnlyWithAShortCooldown() {
        var short = RateController(settings: .paced(start: 10, cooldown: 2), now: 0)
        short.recordRequest(at: 0.1)
        short.recordRequest(at: 1)                         // 2 requests in a second at 10/s: not kept up
        #expect(short.rate == 10 * pow(2, 2 / (10 * 2.0)), "2 requests: a tenth of a doubling's 20")
        var long = RateController(settings: .paced(start: 10, cooldown: 60), now: 0)
        long.recordRequest(at: 0.1)
        long.recordRequest(at: 1)
        #expect(long.rate == 10, "the default cooldown: a crawl held back proves nothing")
    }

    @Test func aRememberedRampRateIsAFloorTheRunGrowsFromNeverPastTheCeiling() {
        let noCeiling = RateController.Remembered(cleanRate: 10, cleanSource: .ramp)
        var open = RateController(settings: Settings(), now: 0, remembered: noCeiling)
        #expect(open.rate == 10 * 0.97)
        Self.drive(&open, from: 0, for: 20)
        #expect(open.rate > 20, "no ceiling: a slow start from the floor")

        let highCeiling = RateController.Remembered(ceiling: 60, cleanRate: 10, cleanSource: .ramp, lastBlockAt: -86_400)
        var capped = RateController(settings: Settings(), now: 0, remembered: highCeiling)
        Self.drive(&capped, from: 0, for: 120)
        #expect(capped.rate == 60 * 0.76, "grows to where a block at the ceiling resumes, and no further")
        #expect(capped.ceiling == 60)
    }

    @Test func aCleanRateABlockLeftIsTheLimitAndSearchedInSmallSteps() {
        let remembered = RateController.Remembered(ceiling: 3.69, cleanRate: 2.8, cleanSource: .block, lastBlockAt: -86_400)
        var controller = RateController(settings: Settings(sustain: 60, searchWait: 900), now: 0, remembered: remembered)
        #expect(controller.rate == 2.8 * 0.97)
        var now = Self.drive(&controller, from: 0, for: 900)
        #expect(controller.rate == 2.8, "within 5% of 76% of the ceiling: no slow start into a 60 s block")
        now = Self.drive(&controller, from: now, for: 30)
        #expect(controller.rate == 2.8 * 1.05, "15 s back to the clean rate, then the search wait: one small step")
    }

    @Test func theCleanRateRecordsHowItWasLearntAndALongerRunReplacesAShorterOne() {
        var controller = RateController(settings: Settings(start: 10, sustain: 60, searchWait: 600), now: 0)
        controller.recordBlock(at: 0)                                   // ceiling 10, resume 7.6
        controller.recordResume(at: 60)
        var now = Self.drive(&controller, from: 60, for: 61)
        #expect(controller.cleanRate == 7.6)
        #expect(controller.cleanSource == .block)
        now = Self.drive(&controller, from: now, for: 560)
        #expect(controller.cleanRate == 7.6)
        #expect(controller.cleanSource == .longRun, "the same rate held 10 minutes is the better memory")

        let short = RateController.Remembered(ceiling: 20, cleanRate: 12, cleanSource: .ramp, lastBlockAt: -86_400)
        var later = RateController(settings: Settings(sustain: 60, searchWait: 600), now: 0, remembered: short)
        Self.drive(&later, from: 0, for: 120)
        #expect(later.cleanRate == 20 * 0.76, "a short run's ramp rate is a floor: replaced by the rate this run held 60 s")
        #expect(later.cleanSource == .block)
        Self.drive(&later, from: 120, for: 490)
        #expect(later.cleanRate == 20 * 0.76)
        #expect(later.cleanSource == .longRun, "then by the same rate held 10 minutes, before the search steps above it")
    }

    @Test func aBlockOnAFloorsSlowStartResumesUnderTheOvershootOrAtTheFloor() {
        let remembered = RateController.Remembered(cleanRate: 10, cleanSource: .ramp)
        var controller = RateController(settings: Settings(), now: 0, remembered: remembered)
        let now = Self.drive(&controller, from: 0, for: 10)
        let blocked = controller.rate
        controller.recordBlock(at: now)
        #expect(controller.ceiling == blocked)
        #expect(controller.rate == max(blocked * 0.76, 10))
    }

    @Test func aRateARampPassedIsAFloorNeverARateToFallBackTo() throws {
        var controller = RateController(settings: Settings(start: 1), now: 0)
        var now = Self.drive(&controller, from: 0, for: 45)
        let floor = try #require(controller.cleanRate)
        #expect(controller.cleanSource == .ramp)
        let first = controller.rate
        #expect(floor < first * 0.5, "with growth per request, the rate 30 s ago is a small share of today's")
        controller.recordBlock(at: now)
        #expect(controller.rate == first * 0.76, "the first block resumes under the overshoot, not at the floor")
        now += 2
        controller.recordResume(at: now)
        now = Self.drive(&controller, from: now, for: 3)
        let second = controller.rate
        controller.recordBlock(at: now)
        #expect(controller.rate == max(second * 0.5, floor), "blocked again on resuming: halve, as with nothing proven")
        #expect(controller.cleanRate == floor && controller.cleanSource == .ramp, "the floor is kept for what it proves")
    }

    @Test func aShortCooldownProvesACleanRateInFiveCooldownsAndStepsDownByATenthAfterAQuickBlock() {
        var short = RateController(settings: .paced(start: 40, cooldown: 2), now: 0)
        short.recordBlock(at: 1)
        #expect(short.rate == 40 * 0.76, "a first block resumes under the overshoot, whatever the cooldown")
        short.recordResume(at: 3)
        short.recordBlock(at: 4)
        #expect(short.rate == 40 * 0.76 * 0.9, "blocked right after resuming, where a block costs 2 s: a tenth lower, not half")
        #expect(short.ceiling == 40 * 0.76)
        short.recordResume(at: 6)
        var now = Self.drive(&short, from: 6, for: 9)
        #expect(short.cleanRate == nil, "9 s is not yet 5 cooldowns")
        now = Self.drive(&short, from: now, for: 1.5)
        #expect(short.cleanRate == 40 * 0.76 * 0.9, "10 s with no block (5 cooldowns of 2 s) prove it")
        #expect(short.cleanSource == .block)

        var long = RateController(settings: .paced(start: 40, cooldown: 60), now: 0)
        long.recordBlock(at: 1)
        long.recordResume(at: 61)
        long.recordBlock(at: 62)
        #expect(long.rate == 40 * 0.76 * 0.5, "a block that costs a minute: half, as before")
        long.recordResume(at: 122)
        Self.drive(&long, from: 122, for: 30)
        #expect(long.cleanRate == nil, "and a minute's proof")
        #expect(Settings.paced(cooldown: 60).sustain == 60 && Settings.paced(cooldown: 10).sustain == 50)
    }

    /// A first block reads the limit from the answers let through: 3 a
    /// second for the last 10 s (and the last second) is 3/s, and the run
    /// resumes 6% under it, where 76% of the blocked 3.5/s would be 2.66/s.
    /// The counted rate is what a short run leaves for the next; the rules
    /// before (no windows) resume at 76%.
    @Test func aFirstBlockResumesUnderTheRateItsAnswersLetThroughOverAWindow() {
        func blocked(_ settings: Settings) -> RateController {
            var controller = RateController(settings: settings, now: 0)
            var now = 0.0
            while now < 20 {
                now += 1 / controller.rate
                controller.recordRequest(at: now)
            }
            // Answers came back at 3/s, evenly, since the run started.
            for answer in 1...60 { controller.recordAdmitted(at: Double(answer) / 3) }
            controller.recordBlock(at: now)
            return controller
        }
        let settings = Settings(start: 3.5, growth: 1, requestGrowth: 1, rampProof: 0)
        let counted = blocked(settings)
        #expect(counted.rate == 3 * 0.94)
        #expect(counted.ceiling == 3.5)
        #expect(counted.remembered.cleanRate == 3 * 0.94 && counted.remembered.cleanSource == .ramp)
        var previous = settings
        previous.limitWindows = []
        let shared = blocked(previous)
        #expect(shared.rate == 3.5 * 0.76)
        #expect(shared.cleanRate == nil)
    }

    /// A counted rate that is blocked again right after resuming (a window
    /// longer than the count could see) falls back to the floor the slow
    /// start proved before it, as a block at 76% of the overshoot does.
    @Test func aBlockRightAfterResumingAtACountedRateFallsBackToTheRampsFloor() throws {
        var controller = RateController(settings: Settings(start: 2, interval: 1, growth: 1.02, requestGrowth: 1, rampProof: 20), now: 0)
        var answers: [Double] = []
        var now = 0.0
        while now < 30 {
            now += 1 / controller.rate
            controller.recordRequest(at: now)
            controller.recordAdmitted(at: now)
            answers.append(now)
        }
        let floor = try #require(controller.cleanRate)
        #expect(controller.cleanSource == .ramp)
        let first = controller.rate
        // The 10 s before the last answer: a ramp of 2% a second averages about 91% of where it ends.
        let lastTen = Double(answers.filter { $0 > now - 10 }.count) / 10 * 0.94
        try #require(lastTen > first * 0.76 && lastTen <= first * 0.9 && floor < lastTen)
        controller.recordBlock(at: now)
        #expect(controller.rate == lastTen)
        #expect(controller.cleanRate == lastTen && controller.cleanSource == .ramp)
        now += 60
        controller.recordResume(at: now)
        let end = now + 5
        while now < end {
            now += 1 / controller.rate
            controller.recordRequest(at: now)
            controller.recordAdmitted(at: now)
        }
        controller.recordBlock(at: now)
        #expect(controller.rate == floor)
        #expect(controller.cleanRate == floor && controller.cleanSource == .ramp)
        #expect(controller.ceiling == lastTen)
    }

    /// However fast the answers, a block counts at most
    /// ``RateController/admittedLimit`` of them: 100,000 in a second count
    /// as the last 65,536 (a low count only lowers the resume).
    @Test func theAnswersCountedAreBoundedWhateverTheRate() {
        var controller = RateController(settings: Settings(start: 70_000, maximum: 1e9, growth: 1, requestGrowth: 1, rampProof: 0), now: 0)
        for answer in 0..<100_000 { controller.recordAdmitted(at: 10 + Double(answer) / 100_000) }
        controller.recordBlock(at: 11)
        #expect(controller.rate == Double(RateController.admittedLimit) * 0.94)
    }

    /// The same front end and run length, with a memory an earlier short run
    /// left and with none: the memory never answers fewer requests.
    @Test(arguments: [(30, 10.0, 60.0, 1.0, 60.0), (60, 1, 2, 5, 2), (40, 1, 60, 1, 60), (20, 10, 60, 1, 60), (100, 60, 60, 1, 60)])
    func aMemoryNeverMakesARunSlowerThanNone(limit: Int, window: Double, penalty: Double, start: Double, cooldown: Double) {
        let server = PacingSimulation.Server(limit: limit, window: window, penalty: penalty)
        let settings = Settings.paced(start: start, cooldown: cooldown)
        for first in [30.0, 60, 120, 240] {
            for later in [240.0, 1_800] {
                let simulation = PacingSimulation(server: server, settings: settings, cooldown: cooldown, duration: later)
                let withMemory = simulation.nights(durations: [first, later])[1]
                let without = simulation.nights(durations: [later])[0]
                #expect(
                    Double(withMemory.answered) >= Double(without.answered) * 0.98,
                    "\(limit)/\(window) s, first run \(first) s, then \(later) s: \(withMemory.answered) with memory, \(without.answered) without")
            }
        }
    }
}
