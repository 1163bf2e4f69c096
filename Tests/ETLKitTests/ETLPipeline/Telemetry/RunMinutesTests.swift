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

/// `run_minutes`: the recorder's arithmetic, rows written by real runs on
/// the mock, and the version 4 migration.
@Suite("Run telemetry (run_minutes)", .serialized)
struct RunMinutesTests {
    @Test("the recorder cuts a row per minute from the pacer's running totals")
    func recorderCutsMinutes() throws {
        // Instants on the pacer's clock: a minute is 60 s of it, whatever the wall clock does.
        let start = Duration.seconds(12)
        var recorder = MinuteRecorder(kind: .crawl, runID: 7, startedAt: Date(timeIntervalSince1970: 0), start: start)
        var tally = FetchTally()
        tally.bytes = 1_000
        tally.retries = 1
        recorder.count(ok: 1, complete: 1, tally: tally, isCommitted: true)
        let early = PacerSnapshot(requests: 10, refusals: 1, currentRate: 2, ceiling: nil)
        #expect(recorder.observe(early, at: start + .seconds(59)) == nil)
        let first = PacerSnapshot(requests: 30, refusals: 3, noise: 1, blocks: 1, currentRate: 1.5, ceiling: 3)
        let closed = recorder.observe(first, at: start + .seconds(60))
        let row = try #require(closed)
        #expect(row.minute == 0 && row.runID == 7 && row.startedAt == "1970-01-01T00:00:00.000Z")
        #expect(row.requests == 30 && row.refusals == 3 && row.noise == 1 && row.blocks == 1)
        #expect(row.ok == 1 && row.complete == 1 && row.objects == 1 && row.bytes == 1_000 && row.retries == 1)
        #expect(row.rateInForce == 1.5 && row.ceiling == 3 && row.rateAchieved == 0.5 && row.seconds == 60)
        recorder.count(gone: 1, tally: FetchTally(), isCommitted: true)
        let finished = recorder.finish(
            PacerSnapshot(requests: 45, refusals: 3, noise: 1, blocks: 1, currentRate: .infinity), at: start + .seconds(90))
        let last = try #require(finished)
        #expect(last.minute == 1 && last.startedAt == "1970-01-01T00:01:00.000Z" && last.seconds == 30)
        #expect(last.requests == 15 && last.blocks == 0 && last.gone == 1 && last.ok == 0 && last.rateInForce == nil)
        // Nothing since: no empty row.
        #expect(recorder.finish(PacerSnapshot(requests: 45, refusals: 3, noise: 1, blocks: 1), at: start + .seconds(95)) == nil)
    }

    @Test("a crawl with blocks and faults writes rows that add up to its run")
    func crawlWritesMinutes() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"), options: [
            "--seed", "5", "--fail-5xx", "0.05", "--html200", "0.02",
            // More than 40 requests within a minute (the mock forgets them
            // after each block): tripped every 41 requests however slowly a
            // loaded machine serves the mock, so the run has blocks to count.
            // A block of 1 s that refuses at least two requests: the probe a
            // suspicion sends after the refusal meets it however late a loaded
            // machine sends it (with time alone, one run under load sent every
            // probe after the block had ended, and counted no block); it ends
            // as the 1 s cooldown does, so resuming draws no second block.
            "--block-limit", "40", "--block-window", "60", "--block-penalty", "1", "--block-refusals", "2",
        ])
        var options = fixture.options(api: mock.api)
        options.pacing.rate = .fixed(150)
        options.pacing.maxAttempts = 8
        options.pacing.cooldown = 1
        options.telemetrySeconds = 0.4
        let summary = try await fixture.crawl(options)
        #expect(summary.status == .completed)
        // The mock's count is the oracle: the run met blocks and counted
        // them (a block met again as the run resumes is the same episode,
        // so the run may count fewer than the mock served).
        let served = try await mock.stats().blocks
        #expect(summary.blocks > 0)
        #expect(summary.blocks <= served)

        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let rows = try catalog.database.fetchAll(sql: "SELECT * FROM run_minutes ORDER BY minute")
        #expect(rows.count >= 3)
        #expect(rows.map { $0.int("minute") } == Array(0..<rows.count).map { Optional($0) })
        #expect(rows.allSatisfy { $0.string("kind") == "crawl" && $0.int("run_id") == 1 })
        func sum(_ column: String) -> Int { rows.reduce(0) { $0 + ($1.int(column) ?? 0) } }
        #expect(sum("requests") == summary.requests)
        #expect(sum("blocks") == summary.blocks)
        #expect(sum("refusals") == summary.refusals)
        #expect(sum("retries") == summary.retries)
        #expect(sum("ok") == summary.fetched)
        #expect(sum("gone") == summary.gone + summary.badIDs)
        #expect(sum("objects") == summary.fetched + summary.gone + summary.badIDs + summary.failed)
        #expect(sum("bytes") > 0)
        #expect(sum("complete") >= summary.kept)
        let run = try #require(try catalog.database.fetchOne(sql: "SELECT * FROM runs WHERE id = 1"))
        #expect(run.int("requests") == sum("requests"))
        #expect(run["max_duration_seconds"] == .null)
        let rates = rows.compactMap { row -> Double? in
            if case .real(let value) = row["rate_in_force"] { return value }
            return nil
        }
        #expect(rates.count == rows.count && rates.allSatisfy { $0 == 150 })
    }

    @Test("a run whose listing fails keeps the minutes of the requests it made")
    func failedListingKeepsItsMinutes() async throws {
        let fixture = try CrawlFixture()
        let server = try FixedServer(routes: ["/objects": .init(status: 503, body: #"{"message":"busy"}"#)])
        var options = fixture.options(api: server.api)
        options.pacing.maxAttempts = 3
        options.telemetrySeconds = 60
        await #expect(throws: CrawlError.self) { try await fixture.crawl(options) }
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let run = try #require(try catalog.database.fetchOne(sql: "SELECT status, requests FROM runs WHERE id = 1"))
        #expect(run.string("status") == "failed")
        #expect(run.int("requests") == 3)
        let rows = try catalog.database.fetchAll(sql: "SELECT requests, retries FROM run_minutes WHERE run_id = 1")
        #expect(rows.count == 1)
        #expect(rows.first?.int("requests") == 3, "the listing's three attempts")
    }

    @Test("an image run writes rows of kind images")
    func imageRunWritesMinutes() async throws {
        let fixture = try await ImageFixture()
        let summary = try await fixture.images()
        #expect(summary.downloaded > 0)
        let rows = try fixture.catalog().database.fetchAll(sql: "SELECT * FROM run_minutes WHERE kind = 'images'")
        #expect(rows.count == 1)
        #expect(rows.first?["run_id"] == .null)
        #expect(rows.first?.int("requests") == summary.requests)
        #expect(rows.first?.int("ok") == summary.downloaded)
    }

    @Test("a version 3 catalog gains run_minutes and the budget columns in place")
    func version3Upgrades() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        do {
            let database = try CatalogFixture.database(atVersion: 3, path: path)
            try database.execute(sql: "INSERT INTO runs (started_at, mode) VALUES ('1970-01-01T00:00:00.000Z', 'full')")
        }
        let catalog = try Catalog.open(path: path)
        #expect(try catalog.count("PRAGMA user_version") == CatalogSchema.version)
        #expect(try catalog.count("SELECT count(*) FROM run_minutes") == 0)
        #expect(try catalog.count("SELECT count(*) FROM runs WHERE max_requests IS NULL") == 1)
        #expect(try catalog.integrityCheck() == "ok")
    }
}
