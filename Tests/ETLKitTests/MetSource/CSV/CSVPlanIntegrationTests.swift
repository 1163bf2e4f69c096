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

/// Crawls planned with a MetObjects.csv that agrees with the mock's records.
@Suite("Crawl planned with the open-access CSV", .serialized)
struct CSVPlanIntegrationTests {
    private func makeCSV(_ fixture: CrawlFixture, from data: String, omit: Double) throws -> String {
        let csv = fixture.path("MetObjects.csv")
        try fixture.runPython(["scripts/fixtures/make_csv.py", "--from", data, "--out", csv, "--omit", "\(omit)", "--seed", "4"])
        return csv
    }

    @Test("--csv-skip gives the same pages as a full crawl with fewer requests")
    func skipSavesRequests() async throws {
        let data = TestPaths.sample("objects.jsonl")
        let reference = try CrawlFixture()
        let referenceMock = try MockServer(data: data)
        let full = try await reference.crawl(reference.options(api: referenceMock.api))

        let fixture = try CrawlFixture()
        let csv = try makeCSV(fixture, from: data, omit: 0.1)
        let mock = try MockServer(data: data)
        var options = fixture.options(api: mock.api)
        options.met.csvPath = csv
        options.met.isCSVSkip = true
        let planned = try await fixture.crawl(options)
        let stats = try await mock.stats()

        let plan = try CrawlPlan(csvPath: csv)
        let listed = try Catalog.open(path: fixture.catalogPath, create: false).database
            .fetchAll(sql: "SELECT object_id FROM objects").compactMap { $0.int("object_id") }
        let tally = plan.tally(listed)
        print("""
            csv plan: \(stats.object_requests) object requests instead of \(full.requests - 1) \
            (\(full.requests - 1 - stats.object_requests) saved); likely \(tally.likelyComplete), \
            unknown \(tally.unknown), planned out \(tally.cannotPass)
            """)
        #expect(stats.object_requests == tally.likelyComplete + tally.unknown)
        #expect(planned.plannedOut == tally.cannotPass)
        #expect(tally.cannotPass > 20)
        #expect(try fixture.pageBytes() == reference.pageBytes())
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let reasons = try catalog.database.fetchOne(sql: "SELECT count(DISTINCT object_id) AS n FROM rejections WHERE reason LIKE 'csv_%'")
        #expect(reasons?.int("n") == tally.cannotPass)
        #expect(try catalog.status().plannedOut == tally.cannotPass)
    }

    @Test("work order: likely complete first, unknown next")
    func order() async throws {
        let data = TestPaths.sample("objects.jsonl")
        let fixture = try CrawlFixture()
        let csv = try makeCSV(fixture, from: data, omit: 0.1)
        let plan = try CrawlPlan(csvPath: csv)
        let mock = try MockServer(data: data)
        var options = fixture.options(api: mock.api)
        options.met.csvPath = csv
        options.pacing.concurrency = 1
        let budget = 41
        options.pacing.maxRequests = budget
        _ = try await fixture.crawl(options)
        let fetched = try await mock.stats().per_object.keys.compactMap(Int.init)
        #expect(fetched.count == budget - 1, "the listing took one request")
        #expect(fetched.allSatisfy { plan.verdict(for: $0) == .likelyComplete })
    }

    @Test("a planned-out object named by the change list is fetched; --full ignores the plan")
    func staleCSV() async throws {
        let data = TestPaths.sample("objects.jsonl")
        let fixture = try CrawlFixture()
        let csv = try makeCSV(fixture, from: data, omit: 0)
        let mock = try MockServer(data: data)
        var options = fixture.options(api: mock.api)
        options.met.csvPath = csv
        options.met.isCSVSkip = true
        let first = try await fixture.crawl(options)
        #expect(first.plannedOut > 0)

        // The change list since 2000, as the mock answers it: every one it names is fetched.
        let changed = try await mock.listing(query: "metadataDate=2000-01-01")
        #expect(changed.count == SampleSummary.committedSample.valid, "every valid record changed since 2000")
        try await mock.resetStats()
        options.met.since = "2000-01-01"
        let second = try await fixture.crawl(options)
        #expect(second.plannedOut == 0)
        #expect(try await mock.stats().object_requests == changed.count)
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        #expect(try catalog.status().plannedOut == 0)

        // A fresh catalog planned out, then --full: everything is fetched.
        let other = try CrawlFixture()
        var fresh = other.options(api: mock.api)
        fresh.met.csvPath = csv
        fresh.met.isCSVSkip = true
        #expect(try await other.crawl(fresh).plannedOut == first.plannedOut)
        try await mock.resetStats()
        fresh.isFull = true
        #expect(try await other.crawl(fresh).plannedOut == 0)
        #expect(try await mock.stats().object_requests == SampleSummary.committedSample.listed)
        #expect(try Catalog.open(path: other.catalogPath, create: false).status().plannedOut == 0)
    }

    @Test("etl plan reports the split and the saving")
    func planCommand() throws {
        let fixture = try CrawlFixture()
        let csv = try makeCSV(fixture, from: TestPaths.sample("objects.jsonl"), omit: 0.1)
        let ids = (try String(contentsOfFile: TestPaths.sample("objects.jsonl"), encoding: .utf8))
            .split(separator: "\n").compactMap { MetObject.decode(body: Array($0.utf8))?.objectID }
        try ids.map(String.init).joined(separator: "\n").write(toFile: fixture.path("ids.txt"), atomically: true, encoding: .utf8)
        let run = try ETLRun.run(["plan", "--csv", csv, "--ids", fixture.path("ids.txt"), "--rate", "2", "--json"])
        #expect(run.exitCode == 0)
        let report = try JSONDecoder().decode(PlanReport.self, from: Data(run.standardOutput.utf8))
        let tally = try CrawlPlan(csvPath: csv).tally(ids)
        #expect(report.listed == ids.count)
        #expect(report.likelyComplete == tally.likelyComplete)
        #expect(report.requestsWithSkip == tally.likelyComplete + tally.unknown)
        #expect(report.secondsWithoutSkip == 150)

        try "Object Number,Title\n".write(toFile: fixture.path("bad.csv"), atomically: true, encoding: .utf8)
        let bad = try ETLRun.run(["plan", "--csv", fixture.path("bad.csv"), "--ids", fixture.path("ids.txt")])
        #expect(bad.exitCode == 65)
        #expect(bad.standardError.hasPrefix("Error: \(fixture.path("bad.csv")) header"))
        #expect(bad.standardError.filter { $0 == "\n" }.count == 1)

        // A missing CSV says where the file comes from; an unreachable API, how to plan without it.
        let missing = try ETLRun.run(["plan", "--csv", fixture.path("absent/MetObjects.csv"), "--ids", fixture.path("ids.txt")])
        #expect(missing.exitCode == 65)
        #expect(missing.standardError == "Error: cannot open \(fixture.path("absent/MetObjects.csv")): No such file or directory; "
            + "MetObjects.csv is The Met's open-access CSV, in https://github.com/metmuseum/openaccess (stored with Git LFS: git lfs pull)\n")
        let offline = try ETLRun.run(["plan", "--csv", csv, "--api", "http://127.0.0.1:9"], timeout: 60)
        #expect(offline.exitCode == 1)
        #expect(offline.standardError.hasPrefix("Error: cannot list object IDs from http://127.0.0.1:9/objects: "))
        #expect(offline.standardError.hasSuffix(
            ". No answer from this API: check the network or proxy (https_proxy), give a reachable mirror with --api URL "
                + "(such as the offline quick start's mock API on 127.0.0.1, see README.md), or plan for a file of IDs with --ids FILE\n"))
    }
}
