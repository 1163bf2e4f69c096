import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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

/// The pacing memory through the real binary and a real catalog: what one
/// run stores, the next starts from.
@Suite("Pacing memory runs")
struct PacingMemoryRunTests {
    /// `GET /__times`: when each object request arrived, in the mock's seconds.
    static func objectTimes(_ mock: MockServer) throws -> [Double] {
        let data = try Data(contentsOf: URL(string: "\(mock.api)/__times")!)
        let times = try JSONDecoder().decode([String: [Double]].self, from: data)
        return (times["object"] ?? []).sorted()
    }

    @Test("a run starts at the remembered rate, with no slow start, and stores its own memory")
    func secondRunStartsFromMemory() throws {
        let fixture = try CrawlFixture()
        let sample = try fixture.generateSample(count: 400, seed: 5)
        let mock = try MockServer(data: sample.data)
        let host = try #require(PacingMemoryKeeper.host(of: mock.api))
        let written = Date().addingTimeInterval(-3_600)
        let remembered = PacingMemory(ceiling: 25, cleanRate: 20, lastBlockAt: written, lastBlockSeconds: 60, updatedAt: written)
        do {
            let catalog = try Catalog.open(path: fixture.catalogPath)
            try catalog.savePacingMemory(remembered, hosts: [host])
            try catalog.savePacingMemory(PacingMemory(ceiling: 2, cleanRate: 1, updatedAt: written), hosts: ["elsewhere.example"])
        }
        let budget = 61
        let run = try ETLRun.run([
            "crawl", "--api", mock.api, "--catalog", fixture.catalogPath, "--out", fixture.pagesPath,
            "--max-requests", "\(budget)", "--quiet",
        ])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(try Self.objectTimes(mock).count == budget - 1, "the listing, then the objects")
        // The run's own minute says which rate was in force: the remembered
        // start (97% of the clean 20/s), not a slow start from 1/s nor the
        // other host's 1/s. (That a run keeps to its rate, PolitenessTests
        // counts: no more requests in a time budget than the rate allows.)
        let catalog = try Catalog.open(path: fixture.catalogPath)
        let minute = try #require(try catalog.database.fetchOne(sql: "SELECT requests, rate_in_force FROM run_minutes"))
        let startRate = try #require(remembered.startRate)
        #expect(minute.int("requests") == budget)
        #expect(abs((minute.double("rate_in_force") ?? 0) - startRate) < 0.01, "\(minute.double("rate_in_force") ?? 0)/s")
        let stored = try #require(try catalog.pacingMemory(host: host))
        #expect(stored.cleanRate == 20, "a short clean run proves nothing new")
        #expect(stored.ceiling == 25)
        #expect(stored.updatedAt > written.addingTimeInterval(3_000), "written again at the end of the run")
        #expect(try catalog.pacingMemory(host: "elsewhere.example")?.cleanRate == 1, "another host's memory is untouched")
        let status = try ETLRun.run(["status", "--catalog", fixture.catalogPath])
        #expect(status.standardOutput.contains("pacing          \(host): next run starts at 19.40/s (clean 20.00/s from a block, ceiling 25.00/s"))
        let reportPath = fixture.path("report.html")
        let report = try ETLRun.run(["report", "--catalog", fixture.catalogPath, "--out", reportPath])
        #expect(report.exitCode == 0, "\(report.standardError)")
        let html = try String(contentsOfFile: reportPath, encoding: .utf8)
        #expect(html.contains("<dt>Next run's rate</dt><dd>19.40/s<small>\(host)</small></dd>"))
    }

    @Test("--rate-start wins over the memory")
    func explicitStartWins() throws {
        let fixture = try CrawlFixture()
        let sample = try fixture.generateSample(count: 100, seed: 5)
        let mock = try MockServer(data: sample.data)
        let host = try #require(PacingMemoryKeeper.host(of: mock.api))
        try Catalog.open(path: fixture.catalogPath).savePacingMemory(
            PacingMemory(ceiling: 2.2, cleanRate: 2, updatedAt: Date()), hosts: [host])
        let budget = 31
        let run = try ETLRun.run([
            "crawl", "--api", mock.api, "--catalog", fixture.catalogPath, "--out", fixture.pagesPath,
            "--rate-start", "40", "--max-requests", "\(budget)", "--quiet",
        ])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(try Self.objectTimes(mock).count == budget - 1, "the listing, then the objects")
        // At the given 40/s (or above: it climbs on clean answers), not the remembered 1.9/s.
        let minute = try Catalog.open(path: fixture.catalogPath).database.fetchOne(sql: "SELECT rate_in_force FROM run_minutes")
        #expect((minute?.double("rate_in_force") ?? 0) >= 40)
    }

    @Test("a version 4 catalog gains pacing_memory in place")
    func version4Upgrades() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        do {
            let database = try CatalogFixture.database(atVersion: 4, path: path)
            try database.execute(sql: "INSERT INTO runs (started_at, mode) VALUES ('1970-01-01T00:00:00.000Z', 'full')")
        }
        let catalog = try Catalog.open(path: path)
        #expect(try catalog.database.fetchOne(sql: "PRAGMA user_version")?.integer(named: "user_version") == CatalogSchema.version)
        #expect(try catalog.pacingMemories().isEmpty)
        try catalog.savePacingMemory(PacingMemory(cleanRate: 3, updatedAt: Date(timeIntervalSince1970: 1_800_000_000)), hosts: ["a.example"])
        let memory = try #require(try catalog.pacingMemory(host: "a.example"))
        #expect(memory.cleanRate == 3 && memory.ceiling == nil && memory.lastBlockAt == nil)
        #expect(abs(memory.updatedAt.timeIntervalSince1970 - 1_800_000_000) < 0.01)
        #expect(try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM runs")?.integer(named: "n") == 1)
        #expect(try catalog.integrityCheck() == "ok")
    }
}
