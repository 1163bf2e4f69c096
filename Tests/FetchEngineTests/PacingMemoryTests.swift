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
