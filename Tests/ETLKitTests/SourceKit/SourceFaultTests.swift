import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import ETLReport
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource

/// Odd answers while a source's list is read: each costs its page a retry,
/// never a cooldown (a cooldown follows only a confirmed block, and each
/// test asserts none), and the result equals a clean run's.
@Suite("Sources: faults, stops and budgets", .serialized)
struct SourceFaultTests {
    @Test("TMDB with 5xx, resets, lone HTML pages and slow answers: the same movies as a clean run, no cooldown")
    func tmdbFaultMix() async throws {
        let clean = try SourceFixture(.tmdb, mockOptions: ["--movies", "800", "--seed", "12"])
        let cleanStart = ContinuousClock.now
        let cleanSummary = try await clean.run(clean.options())
        let cleanTime = (ContinuousClock.now - cleanStart).inSeconds

        let noisy = try SourceFixture(.tmdb, mockOptions: [
            "--movies", "800", "--seed", "12", "--fail-5xx", "0.08", "--reset", "0.05", "--html200", "0.05",
            "--slow", "0.05", "--slow-ms", "1500",
        ])
        var options = noisy.options()
        options.pacing.maxAttempts = 8
        options.pacing.timeout = 1
        let start = ContinuousClock.now
        let summary = try await noisy.run(options)
        let elapsed = (ContinuousClock.now - start).inSeconds
        let faults = try await noisy.mock.stats()["faults"]
        let injected = ["5xx", "reset", "html200", "slow"].reduce(0) { $0 + (faults?[$1]?.int ?? 0) }
        print("tmdb faults: \(injected) injected \(faults ?? .null); \(summary.requests) requests, \(summary.retries) retries, refusals \(summary.refusals) (noise \(summary.noise)), blocks \(summary.blocks) in \(FigureText.duration(elapsed)) vs clean \(FigureText.duration(cleanTime))")
        #expect(injected > 0)
        #expect(summary.status == .completed)
        #expect(Set(try noisy.keptIDs()) == Set(try clean.keptIDs()))
        #expect(summary.kept == cleanSummary.kept)
        #expect(summary.blocks == 0)
        // One request more per fault, except resets libcurl retried itself on
        // a fresh connection (a reused connection that dies before answering).
        let resets = faults?["reset"]?.int ?? 0
        #expect(summary.requests <= cleanSummary.requests + injected)
        #expect(summary.requests >= cleanSummary.requests + injected - resets)
    }

    @Test("SIGINT while the list is read: exit 130, what was read is stored, nothing withdrawn; the next run completes")
    func interruptedListing() async throws {
        let fixture = try SourceFixture(.tmdb, mockOptions: ["--movies", "600", "--seed", "13"])
        let base = ["crawl", "--source", "tmdb", "--api", "\(fixture.mock.api)/3", "--catalog", fixture.catalogPath,
                    "--out", fixture.crawl.pagesPath, "--max-withdraw", "100%"]
        let environment = ["TMDB_API_KEY": SourceFixture.tmdbKey]
        let first = try ETLRun.run(base + ["--rate", "unlimited"], environment: environment)
        #expect(first.exitCode == 0)
        let complete = Set(try fixture.keptIDs())

        // The next day's list, read slowly, stopped after a few pages.
        try await fixture.mock.configure(["day": 2])
        try await fixture.mock.resetStats()
        let mock = fixture.mock
        let stopped = try ETLRun.run(
            base + ["--rate", "4"], signal: SIGINT, when: { (mock.statsSoFar()?["page_requests"]?.int ?? 0) >= 5 },
            environment: environment)
        #expect(stopped.exitCode == 130, "\(stopped.standardError)")
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let run = try #require(try catalog.database.fetchOne(sql: "SELECT status, withdrawn FROM runs ORDER BY id DESC LIMIT 1"))
        #expect(run.string("status") == "interrupted" && run.int("withdrawn") == 0)
        // Yesterday's movies are all still kept: a list read in part withdraws nothing.
        #expect(complete.isSubset(of: Set(try fixture.keptIDs())))

        let again = try ETLRun.run(base + ["--rate", "unlimited"], environment: environment)
        #expect(again.exitCode == 0)
        #expect(Set(try fixture.keptIDs()) == Set(try await fixture.mock.expected()["complete_ids"]?.ids ?? []))
    }

    @Test("--max-requests stops a Flickr listing cleanly: exit 0, budget_reached, nothing withdrawn")
    func budget() async throws {
        let fixture = try SourceFixture(.flickr, mockOptions: ["--photos", "9000", "--seed", "14"])
        _ = try await fixture.run(fixture.options())
        let kept = Set(try fixture.keptIDs())
        var options = fixture.options()
        options.pacing.maxRequests = 4
        let summary = try await fixture.run(options)
        #expect(summary.status == .budgetReached)
        #expect(summary.requests == 4 && summary.withdrawn == 0)
        #expect(Set(try fixture.keptIDs()) == kept)
    }
}
