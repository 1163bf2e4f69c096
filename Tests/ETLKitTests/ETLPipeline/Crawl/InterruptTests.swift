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
import FetchEngine
import Store

/// Real signals sent to the real `etl` binary in the middle of a crawl.
@Suite("Interrupted crawls", .serialized)
struct InterruptTests {
    static let concurrency = 4

    private func arguments(_ fixture: CrawlFixture, api: String, rate: String = "150") -> [String] {
        [
            "crawl", "--api", api, "--catalog", fixture.catalogPath, "--out", fixture.pagesPath,
            "--rate", rate, "--concurrency", "\(Self.concurrency)", "--cooldown", "0.2",
        ]
    }

    private func reference(data: String) async throws -> (kept: [Int], pages: [Data]) {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: data)
        _ = try await fixture.crawl(fixture.options(api: mock.api))
        return (try Catalog.open(path: fixture.catalogPath, create: false).keptIDs(), try fixture.pageBytes())
    }

    @Test("kill -9 at several points, then a rerun: same result, nothing committed is fetched twice",
          arguments: [20, 150, 400])
    func killNine(afterRequests point: Int) async throws {
        let setup = try CrawlFixture()
        let sample = try setup.generateSample(count: 600, seed: 5)
        let expected = try await reference(data: sample.data)
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: sample.data)

        let killed = try ETLRun.run(
            arguments(fixture, api: mock.api) + ["--quiet"], signal: SIGKILL, when: { mock.objectRequestsSoFar() >= point })
        #expect(killed.exitCode == 128 + SIGKILL)
        // What the killed run stored, read before the rerun: the oracle of its history.
        let (storedAnswers, keptAtKill) = try {
            let database = try Database(path: fixture.catalogPath, create: false, readOnly: true)
            let answers = try database.fetchOne(sql: "SELECT count(*) AS n FROM objects WHERE fetched_at IS NOT NULL")?.integer(named: "n") ?? -1
            let kept = try database.fetchOne(sql: """
                SELECT count(DISTINCT dedup_key) AS n FROM objects WHERE is_complete = 1 AND state = 'fetched' AND is_listed = 1
                """)?.integer(named: "n") ?? -1
            return (answers, kept)
        }()
        let rerun = try ETLRun.run(arguments(fixture, api: mock.api) + ["--quiet", "--json"])
        #expect(rerun.exitCode == 0)

        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        #expect(try catalog.integrityCheck() == "ok")
        #expect(try catalog.keptIDs() == expected.kept)
        // The killed run's figures come from what it stored; the rerun counts only its own.
        let history = try catalog.database.fetchAll(sql: "SELECT status, fetched + gone + bad_ids AS answers, requests, kept, kept_delta, duration_seconds FROM runs ORDER BY id")
        #expect(history.count == 2)
        if history.count == 2 {
            let killedRow = history[0]
            #expect(killedRow.string("status") == "killed")
            #expect(try killedRow.integer(named: "answers") == storedAnswers && storedAnswers > 0)
            #expect((try killedRow.integer(named: "requests") ?? 0) >= storedAnswers)
            #expect((try killedRow.real(named: "duration_seconds") ?? 0) > 0)
            #expect(try killedRow.integer(named: "kept") == keptAtKill && killedRow.integer(named: "kept_delta") == keptAtKill)
            let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(rerun.standardOutput.utf8))
            #expect(summary.keptDelta == expected.kept.count - keptAtKill, "the killed run's works are not counted again")
            #expect(try history[1].integer(named: "kept_delta") == summary.keptDelta)
        }
        #expect(try fixture.pageBytes() == expected.pages)
        let stats = try await mock.stats()
        let refetched = stats.per_object.values.filter { $0 > 1 }.count
        let statuses = try catalog.database.fetchAll(sql: "SELECT status FROM runs ORDER BY id").compactMap { $0.string("status") }
        print("kill -9 after \(point) object requests: \(refetched) objects fetched twice (concurrency \(Self.concurrency)); runs \(statuses)")
        #expect(statuses == ["killed", "completed"])
        // In flight, plus answers that arrived in the last 100 ms before the kill (≤ 15 at 150/s).
        #expect(refetched <= Self.concurrency + 15)
    }

    @Test("SIGINT and SIGTERM: stop cleanly, commit, write pages, print the summary, exit 130/143",
          arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func gracefulStop(signal: Int32, expectedCode: Int32) async throws {
        let setup = try CrawlFixture()
        let sample = try setup.generateSample(count: 600, seed: 6)
        let expected = try await reference(data: sample.data)
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: sample.data)

        let stopped = try ETLRun.run(
            arguments(fixture, api: mock.api, rate: "100") + ["--json"], signal: signal,
            when: { mock.objectRequestsSoFar() >= 100 })
        #expect(stopped.exitCode == expectedCode)
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(stopped.standardOutput.utf8))
        #expect(summary.status == .interrupted)
        #expect(summary.remaining > 0)
        #expect(summary.fetched + summary.gone >= 100)
        #expect(stopped.standardError.contains("stopping: interrupted"))
        let partial = try fixture.pagedIDs()
        #expect(partial.count == summary.kept)

        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        #expect(try catalog.setting(Crawler.cursorKey) == nil)
        let resumed = try ETLRun.run(arguments(fixture, api: mock.api, rate: "unlimited") + ["--quiet"])
        #expect(resumed.exitCode == 0)
        #expect(try catalog.keptIDs() == expected.kept)
        #expect(try fixture.pageBytes() == expected.pages)
        let stats = try await mock.stats()
        #expect(stats.per_object.values.allSatisfy { $0 == 1 })
    }

    @Test("a second signal cancels the transfers in flight, still prints the summary and records the run interrupted",
          arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func secondSignal(signal: Int32, expectedCode: Int32) async throws {
        let fixture = try CrawlFixture()
        // Every answer takes 20 s: only cancelling the transfers ends the run sooner.
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"), options: ["--slow", "1", "--slow-ms", "20000"])
        let run = try ETLRun.run(
            arguments(fixture, api: mock.api, rate: "unlimited") + ["--json"], signal: signal,
            when: { mock.objectRequestsSoFar() >= Self.concurrency }, secondSignal: .onceTaken)
        #expect(run.exitCode == expectedCode)
        // No 20-s answer was ever sent: etl hung up on every transfer the mock saw.
        let requested = try await mock.stats().object_requests
        #expect(requested == Self.concurrency, "no new work after the first signal")
        #expect(await HangGuard.waitUntil { mock.abandonedSoFar() == requested },
                "\(mock.abandonedSoFar()) of \(requested) transfers cancelled")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.status == .interrupted)
        #expect(summary.fetched == 0 && summary.failed == 0, "a cancelled transfer is no outcome")
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        #expect(try catalog.integrityCheck() == "ok")
        #expect(try catalog.queuedIDs().count == SampleSummary.committedSample.listed)
        let statuses = try catalog.database.fetchAll(sql: "SELECT status FROM runs").compactMap { $0.string("status") }
        #expect(statuses == ["interrupted"])
    }

    @Test("SIGHUP stops like SIGTERM (exit 129); SIGQUIT too (exit 131)",
          arguments: [(SIGHUP, Int32(129)), (SIGQUIT, Int32(131))])
    func hangUpAndQuit(signal: Int32, expectedCode: Int32) async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        let run = try ETLRun.run(
            arguments(fixture, api: mock.api, rate: "20") + ["--json"], signal: signal,
            when: { mock.objectRequestsSoFar() >= 5 })
        #expect(run.exitCode == expectedCode)
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.status == .interrupted)
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let statuses = try catalog.database.fetchAll(sql: "SELECT status FROM runs").compactMap { $0.string("status") }
        #expect(statuses == ["interrupted"])
    }
}

/// Stops that land while the ID listing is still on its way.
@Suite("Stopped during the listing")
struct ListingStopTests {
    static let slowListing: [String: FixedServer.Route] = [
        "/objects": .init(body: #"{"total":1,"objectIDs":[1]}"#, delay_ms: 20_000),
    ]

    private func arguments(_ fixture: CrawlFixture, api: String) -> [String] {
        ["crawl", "--api", api, "--catalog", fixture.catalogPath, "--out", fixture.pagesPath, "--rate", "unlimited", "--json"]
    }

    @Test("a second signal during a slow listing: interrupted (exit 130), not failed, and at once")
    func secondSignal() async throws {
        let fixture = try CrawlFixture()
        let server = try FixedServer(routes: Self.slowListing)
        let run = try ETLRun.run(
            arguments(fixture, api: server.api), signal: SIGINT,
            when: { (try? server.requests().contains("/objects")) ?? false }, secondSignal: .onceTaken)
        #expect(run.exitCode == 130, "\(run.standardError)")
        #expect(await HangGuard.waitUntil { server.abandoned() == ["/objects"] }, "the listing's transfer was cancelled")
        #expect(try server.requests() == ["/objects"], "asked once, not again after the stop")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.status == .interrupted)
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let statuses = try catalog.database.fetchAll(sql: "SELECT status FROM runs").compactMap { $0.string("status") }
        #expect(statuses == ["interrupted"])
    }

    @Test("--max-duration during a slow listing: the budget ends the run (exit 0), not a failure")
    func deadline() async throws {
        let fixture = try CrawlFixture()
        let server = try FixedServer(routes: Self.slowListing)
        let run = try ETLRun.run(arguments(fixture, api: server.api) + ["--max-duration", "1s"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        // The listing's answer was never waited for: the budget cancelled its transfer.
        #expect(await HangGuard.waitUntil { server.abandoned() == ["/objects"] }, "the listing's transfer was cancelled")
        #expect(try server.requests() == ["/objects"], "asked once, not again after the stop")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.status == .budgetReached)
    }
}
