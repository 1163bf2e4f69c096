import Testing
@testable import FetchEngine

@Suite("RefusalJudge")
struct RefusalJudgeTests {
    @Test func aRefusalOpensASuspicionAndTheRefusedRequestProbes() {
        var judge = RefusalJudge(cooldown: 60)
        let (role, confirmed) = judge.recordRefusal(at: 10)
        #expect(role == .probe(id: 1))
        #expect(!confirmed)
        #expect(judge.isSuspecting)
        #expect(judge.cooldownUntil == nil, "a suspicion cools nothing down")
    }

    @Test func aProbeThatAnswersDismissesTheRefusalAsNoise() {
        var judge = RefusalJudge(cooldown: 60)
        guard case .probe(let id) = judge.recordRefusal(at: 10).role else { Issue.record("no probe"); return }
        #expect(judge.recordProbe(id: id, isRefused: false, at: 10.1) == .noise)
        #expect(!judge.isSuspecting)
        #expect(judge.noise == 1)
        #expect(judge.confirmed == 0)
        #expect(judge.cooldownUntil == nil)
    }

    @Test func aRefusedProbeConfirmsABlockWithOneExtraRequest() {
        var judge = RefusalJudge(cooldown: 60)
        guard case .probe(let id) = judge.recordRefusal(at: 10).role else { Issue.record("no probe"); return }
        #expect(judge.recordProbe(id: id, isRefused: true, at: 10.5) == .block(isNewEpisode: true))
        #expect(judge.confirmed == 1)
        #expect(judge.cooldownUntil == 70.5)
        #expect(judge.isCoolingDown(at: 70) && !judge.isCoolingDown(at: 70.5))
    }

    @Test func lonePagesWithStatus200AreNoiseWithoutAPauseOrAProbe() {
        var judge = RefusalJudge(cooldown: 60)
        judge.recordNormalAnswer(at: 0.5)
        for time in [1.0, 2, 3, 4] {
            #expect(judge.recordRefusal(at: time, isStrong: false) == (.noise, false))
            judge.recordNormalAnswer(at: time + 0.5)
        }
        #expect(judge.noise == 4 && judge.confirmed == 0 && !judge.isSuspecting)
        #expect(judge.recordRefusal(at: 5, isStrong: false) == (.noise, false))
        #expect(judge.recordRefusal(at: 5.1, isStrong: false) == (.noise, false))
        #expect(judge.recordRefusal(at: 5.2, isStrong: false) == (.probe(id: 1), false), "three in a row: a suspicion")
        #expect(judge.recordProbe(id: 1, isRefused: true, at: 5.3) == .block(isNewEpisode: true))
    }

    @Test func aPageInABlockEpisodeIsProbedLikeA403() {
        var judge = RefusalJudge(cooldown: 1)
        #expect(judge.recordRefusal(at: 0, isStrong: true).role == .probe(id: 1))
        #expect(judge.recordProbe(id: 1, isRefused: true, at: 0.1) == .block(isNewEpisode: true))
        // No normal answer since the block: a page may be the block going on.
        #expect(judge.recordRefusal(at: 1.2, isStrong: false).role == .probe(id: 3))
        #expect(judge.recordProbe(id: 3, isRefused: false, at: 1.3) == .noise)
        #expect(judge.recordRefusal(at: 2, isStrong: false).role == .noise, "the episode is over")
    }

    @Test func threeRefusalsWhileSuspectingConfirmWithoutAProbe() {
        var judge = RefusalJudge(cooldown: 5)
        guard case .probe(let id) = judge.recordRefusal(at: 1).role else { Issue.record("no probe"); return }
        #expect(judge.recordRefusal(at: 1.01) == (.wait, false))
        let third = judge.recordRefusal(at: 1.02)
        #expect(third.role == .wait && third.confirmedBlock)
        #expect(judge.recordProbe(id: id, isRefused: false, at: 1.1) == .settled, "the late probe changes nothing")
        #expect(judge.cooldownUntil == 6.02)
    }

    @Test func refusalsDuringACooldownAreStragglersOfTheSameBlock() {
        var judge = RefusalJudge(cooldown: 60)
        guard case .probe(let id) = judge.recordRefusal(at: 0).role else { return }
        _ = judge.recordProbe(id: id, isRefused: true, at: 0.1)
        for time in stride(from: 1.0, to: 60, by: 5) {
            #expect(judge.recordRefusal(at: time) == (.wait, false))
        }
        #expect(judge.confirmed == 1)
    }

    @Test func aBlockThatOutlastsTheCooldownDoublesItButIsOneEpisode() {
        var judge = RefusalJudge(cooldown: 10)
        var now = 0.0
        var cooldowns: [Double] = []
        var newEpisodes = 0
        for _ in 0..<5 {
            guard case .probe(let id) = judge.recordRefusal(at: now).role else { Issue.record("no probe"); return }
            if case .block(let isNew) = judge.recordProbe(id: id, isRefused: true, at: now) { if isNew { newEpisodes += 1 } }
            let until = judge.cooldownUntil ?? now
            cooldowns.append(until - now)
            now = until
        }
        #expect(cooldowns == [10, 20, 40, 80, 80])
        #expect(newEpisodes == 1, "the rate drops once per episode")
        judge.recordNormalAnswer(at: now + 1)
        guard case .probe(let id) = judge.recordRefusal(at: now + 2).role else { Issue.record("no probe"); return }
        #expect(judge.recordProbe(id: id, isRefused: true, at: now + 2) == .block(isNewEpisode: true))
        #expect(judge.cooldownUntil == now + 12)
    }
}

@Suite("PacingSimulation")
struct PacingSimulationTests {
    @Test func metLikeLimitOverADay() {
        let server = PacingSimulation.Server(limit: 20, window: 10, penalty: 60)
        let result = PacingSimulation(
            server: server, settings: .init(start: 1), cooldown: 60, duration: 86_400
        ).run()
        #expect(result.heldRate >= 0.85 * server.limitRate, "held \(result.heldRate) of \(server.limitRate)")
        #expect(Double(result.confirmedBlocks) * 1_000 / Double(result.requests) <= 1)
        #expect(result.confirmedBlocks == result.serverBlocks, "every confirmed block was real")
        #expect(result.refusedProbes <= result.serverBlocks, "at most one extra refused request per block")
    }

    @Test func noiseAloneNeverConfirmsABlockNorLowersTheRate() {
        let server = PacingSimulation.Server(limit: 1_000_000, window: 1, penalty: 60, noise: 0.02)
        let result = PacingSimulation(
            server: server, settings: .init(start: 5, maximum: 40), cooldown: 60, duration: 3_600, warmUp: 60
        ).run()
        #expect(result.dismissedNoise > 1_000)
        #expect(result.confirmedBlocks <= 1, "two pages in a row twice: about 1 in 15,000")
        #expect(result.finalRate == 40)
        if result.confirmedBlocks == 0 { #expect(result.ceiling == nil, "no block, so nothing was learnt") }
    }
}
