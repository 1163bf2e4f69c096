import Foundation
import Testing
@testable import FetchEngine

@Suite("PacingMemory")
struct PacingMemoryTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func memory(ageDays: Double, ceiling: Double? = 3.2, clean: Double? = 3) -> PacingMemory {
        PacingMemory(
            ceiling: ceiling, cleanRate: clean, lastBlockAt: now.addingTimeInterval(-ageDays * 86_400 - 600),
            lastBlockSeconds: 60, updatedAt: now.addingTimeInterval(-ageDays * 86_400))
    }

    @Test func aFreshMemoryStartsTheRunAtASafeFractionOfTheCleanRate() async {
        let pacer = PacingOptions().makePacer(stop: StopSignal(), memory: Self.memory(ageDays: 1), now: Self.now)
        #expect(await pacer.currentRate == 3 * 0.97)
        #expect(await pacer.ceiling == 3.2, "no slow start past the remembered ceiling")
    }

    @Test(arguments: [7.0, 30, -1])
    func aStaleOrFutureMemoryIsIgnored(ageDays: Double) async {
        let options = PacingOptions()
        #expect(options.usableMemory(Self.memory(ageDays: ageDays), at: Self.now) == nil)
        let pacer = options.makePacer(stop: StopSignal(), memory: Self.memory(ageDays: ageDays), now: Self.now)
        #expect(await pacer.currentRate == 1)
        #expect(await pacer.ceiling == nil)
    }

    @Test func explicitOptionsWin() async {
        var started = PacingOptions()
        started.rateStart = 2
        #expect(await started.makePacer(stop: StopSignal(), memory: Self.memory(ageDays: 0), now: Self.now).currentRate == 2)
        var fixed = PacingOptions()
        fixed.rate = .fixed(7)
        let pacer = fixed.makePacer(stop: StopSignal(), memory: Self.memory(ageDays: 0), now: Self.now)
        #expect(await pacer.currentRate == 7)
        #expect(await pacer.memory == nil, "a fixed rate learns nothing to remember")
    }

    @Test func aMemoryWithOnlyACeilingStartsWhereAFirstBlockResumesLessTheMargin() {
        #expect(Self.memory(ageDays: 0, ceiling: 4, clean: nil).startRate == 4 * 0.76 * 0.97)
        #expect(Self.memory(ageDays: 0, ceiling: nil, clean: 4).startRate == 4 * 0.97)
    }

    @Test func aWrongMemoryIsCorrectedByItsFirstBlock() {
        let remembered = RateController.Remembered(ceiling: 12, cleanRate: 10, lastBlockAt: -86_400)
        var controller = RateController(settings: .init(), now: 0, remembered: remembered)
        #expect(controller.rate == 9.7)
        controller.recordBlock(at: 20)
        #expect(controller.rate == 9.7 * 0.5, "blocked below the remembered clean rate, 20 s in: halve")
        #expect(controller.remembered == RateController.Remembered(ceiling: 9.7, cleanRate: nil, lastBlockAt: 20))
    }

    @Test func noiseMovesNothingInTheMemory() {
        let remembered = RateController.Remembered(ceiling: 12, cleanRate: 10, cleanSource: .block, lastBlockAt: -86_400)
        let server = PacingSimulation.Server(limit: 1_000_000, window: 1, penalty: 60, noise: 0.03)
        let result = PacingSimulation(
            server: server, settings: .init(), cooldown: 60, duration: 500, warmUp: 0, remembered: remembered
        ).run()
        #expect(result.dismissedNoise > 50)
        #expect(result.confirmedBlocks == 0)
        #expect(result.remembered == remembered)
    }

    @Test func aPacerReportsWhatItStartedFromUntilItLearnsMore() async {
        let memory = Self.memory(ageDays: 2)
        // On a clock that does not move, what the pacer reports is exactly what it was given.
        let pacer = PacingOptions().makePacer(stop: StopSignal(), memory: memory, now: Self.now, clock: ManualClock())
        guard let reported = await pacer.memory else {
            Issue.record("the pacer reports no memory")
            return
        }
        #expect(reported.ceiling == memory.ceiling)
        #expect(reported.cleanRate == memory.cleanRate)
        #expect(reported.lastBlockSeconds == 60)
        #expect(reported.lastBlockAt == memory.lastBlockAt)
    }
}

/// What a tampered or damaged catalog can hold, and a run started inside
/// the block the last one met.
@Suite("PacingMemory: implausible values and a block still in force", .timeLimit(.minutes(5)))
struct PacingMemoryLeftoversTests {
    static let now = PacingMemoryTests.now

    @Test(arguments: [Double.leastNonzeroMagnitude, 1e-300, 0.049, 0, -3, .infinity, -.infinity, .nan])
    func aRateNoRunCouldHaveLearntIsDropped(rate: Double) async {
        let memory = PacingMemory(ceiling: rate, cleanRate: rate, cleanSource: .ramp, updatedAt: Self.now.addingTimeInterval(-60))
        #expect(memory.ceiling == nil && memory.cleanRate == nil && memory.cleanSource == nil)
        #expect(memory.startRate == nil && !memory.isFresh(at: Self.now), "nothing left to start from: the run slow-starts")
        let pacer = PacingOptions().makePacer(stop: StopSignal(), memory: memory, now: Self.now)
        #expect(await pacer.currentRate == 1, "the default start, not a stall at the controller's minimum")
    }

    @Test func theSlowestPlausibleRateIsTheControllersMinimumAndIsKept() {
        let memory = PacingMemory(ceiling: 0.06, cleanRate: PacingMemory.minimumRate, updatedAt: Self.now)
        #expect(memory.ceiling == 0.06 && memory.cleanRate == 0.05)
    }

    @Test(arguments: [1e308, .infinity, -1, .nan])
    func aBlockLengthNoRunCouldHaveTimedIsDropped(seconds: Double) {
        let memory = PacingMemory(ceiling: 3, lastBlockAt: Self.now, lastBlockSeconds: seconds, updatedAt: Self.now)
        #expect(memory.lastBlockSeconds == nil && memory.ceiling == 3)
        #expect(memory.blockEnd(after: Self.now) == nil)
    }

    static func blockedMemory(secondsAgo: Double, lasting: Double = 60) -> PacingMemory {
        PacingMemory(
            ceiling: 3.56, cleanRate: 2.82, cleanSource: .block, lastBlockAt: now.addingTimeInterval(-secondsAgo),
            lastBlockSeconds: lasting, updatedAt: now.addingTimeInterval(-secondsAgo + 1))
    }

    @Test func aRunStartedInsideTheLastBlockWaitsItOutAndSaysSo() async {
        let clock = ManualClock()
        let pacer = PacingOptions().makePacer(stop: StopSignal(), memory: Self.blockedMemory(secondsAgo: 12), now: Self.now, clock: clock)
        #expect(await pacer.takeEvents() == [.waitingOutBlock(seconds: 48)])
        let (instants, _) = await RequestPacerTests.grants(1, from: pacer, on: clock)
        #expect(instants == timeline([48]))
        #expect(await pacer.currentRate == 2.82 * 0.97, "the memory's rate, as after any block that ended")
    }

    @Test func aBlockOverBeforeTheRunStartsCostsNoWait() async {
        let clock = ManualClock()
        let pacer = PacingOptions().makePacer(stop: StopSignal(), memory: Self.blockedMemory(secondsAgo: 61), now: Self.now, clock: clock)
        #expect(await pacer.takeEvents() == [])
        let (instants, _) = await RequestPacerTests.grants(1, from: pacer, on: clock)
        #expect(instants == timeline([0]))
    }

    @Test func theWaitEndsWithTheTimeBudget() async {
        let clock = ManualClock()
        var options = PacingOptions()
        options.maxDuration = 30
        let pacer = options.makePacer(stop: StopSignal(), memory: Self.blockedMemory(secondsAgo: 12), now: Self.now, clock: clock)
        let (instants, reason) = await RequestPacerTests.grants(1, from: pacer, on: clock)
        #expect(instants.isEmpty && reason == .timeBudget)
    }

    @Test func aBlockBeforeAnyAnswerIsTheLastRunsNotANewLimit() async {
        let clock = ManualClock()
        var options = PacingOptions()
        options.cooldown = 10
        // Over a minute ago by the memory, yet still in force (it lasted longer than remembered).
        let pacer = options.makePacer(stop: StopSignal(), memory: Self.blockedMemory(secondsAgo: 70), now: Self.now, clock: clock)
        let startRate = await pacer.currentRate
        #expect(await pacer.acquire() == nil)
        for _ in 0..<3 { _ = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true) }
        #expect(await pacer.blocks == 1)
        #expect(await pacer.takeEvents() == [.leftoverBlock(reason: "HTTP 403", cooldownSeconds: 10)])
        #expect(await pacer.currentRate == startRate)
        #expect(await pacer.ceiling == 3.56)
        let remembered = await pacer.memory
        #expect(remembered?.ceiling == 3.56 && remembered?.cleanRate == 2.82, "nothing learnt from it")
        #expect(remembered?.lastBlockAt == Self.blockedMemory(secondsAgo: 70).lastBlockAt)

        // After its cooldown, still refused before any answer: the same
        // episode (one lasts until an answer is let through), still the old block's.
        let (instants, _) = await RequestPacerTests.grants(1, from: pacer, on: clock)
        #expect(instants == timeline([10]))
        for _ in 0..<3 { _ = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true) }
        #expect(await pacer.blocks == 2)
        // The judge doubles a cooldown for each block of one episode, as for any.
        #expect(await pacer.takeEvents() == [.leftoverBlock(reason: "HTTP 403", cooldownSeconds: 20)])
        #expect(await pacer.currentRate == startRate)
    }

    @Test func aBlockBeforeAnyAnswerADayAfterTheLastIsANewLimit() async {
        let clock = ManualClock()
        let memory = PacingMemory(
            ceiling: 3.56, cleanRate: 2.82, cleanSource: .block, lastBlockAt: Self.now.addingTimeInterval(-86_400),
            lastBlockSeconds: 60, updatedAt: Self.now.addingTimeInterval(-86_000))
        let pacer = PacingOptions().makePacer(stop: StopSignal(), memory: memory, now: Self.now, clock: clock)
        let startRate = await pacer.currentRate
        #expect(await pacer.acquire() == nil)
        for _ in 0..<3 { _ = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true) }
        guard case .confirmedBlock = await pacer.takeEvents().first else {
            Issue.record("a day-old block is over: this one is a limit")
            return
        }
        #expect(await pacer.currentRate < startRate)
    }

    @Test func aBlockAfterAnAnswerWasLetThroughIsANewLimit() async {
        let clock = ManualClock()
        let pacer = PacingOptions().makePacer(stop: StopSignal(), memory: Self.blockedMemory(secondsAgo: 70), now: Self.now, clock: clock)
        let startRate = await pacer.currentRate
        #expect(await pacer.acquire() == nil)
        await pacer.recordNormalAnswer(url: "http://127.0.0.1/object/1", isGood: true)
        for _ in 0..<3 { _ = await pacer.recordRefusal(reason: "HTTP 403", isStrong: true) }
        guard case .confirmedBlock = await pacer.takeEvents().first else {
            Issue.record("a block after an answer is a block")
            return
        }
        #expect(await pacer.currentRate < startRate)
    }
}
