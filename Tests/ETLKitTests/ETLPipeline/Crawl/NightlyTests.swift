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

/// Night after night: incremental runs against a collection that changes.
@Suite("Nightly incremental runs", .serialized)
struct NightlyTests {
    /// v1 and a v2 whose changes are dated today, so they fall inside the
    /// change window of a crawl that ran today.
    private func datasets(_ fixture: CrawlFixture) throws -> (v1: String, v2: String, changes: V2Changes) {
        let v1 = try fixture.generateSample(count: 400, seed: 21)
        let today = Timestamp.day(of: Date())
        let v2 = fixture.path("v2.jsonl")
        let summary = fixture.path("v2.summary.json")
        try fixture.runPython([
            "scripts/fixtures/make_sample.py", "--v2-from", v1.data, "--seed", "22", "--out", v2,
            "--summary", summary, "--changed-date", today,
        ])
        return (v1.data, v2, try JSONDecoder().decode(V2Changes.self, from: Data(contentsOf: URL(fileURLWithPath: summary))))
    }

    @Test("v1 then v2: the incremental run equals a fresh full crawl of v2, with few requests")
    func incrementalEqualsFull() async throws {
        let fixture = try CrawlFixture()
        let data = try datasets(fixture)
        let mock = try MockServer(data: data.v1)
        _ = try await fixture.crawl(fixture.options(api: mock.api))

        try await mock.configure(["data": data.v2])
        try await mock.resetStats()
        let night = try await fixture.crawl(fixture.options(api: mock.api))
        let stats = try await mock.stats()

        let fresh = try CrawlFixture()
        let freshMock = try MockServer(data: data.v2)
        _ = try await fresh.crawl(fresh.options(api: freshMock.api))

        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let freshCatalog = try Catalog.open(path: fresh.catalogPath, create: false)
        #expect(night.mode == "incremental")
        #expect(try catalog.keptIDs() == freshCatalog.keptIDs())
        #expect(try catalog.keptIDs() == data.changes.kept_ids.sorted())
        #expect(try fixture.pageBytes() == fresh.pageBytes())
        let worksQuery = "SELECT object_id, title, artist_display_name, primary_image FROM works ORDER BY object_id"
        #expect(try catalog.database.fetchAll(sql: worksQuery).map(\.values) == freshCatalog.database.fetchAll(sql: worksQuery).map(\.values))

        let changed = data.changes.changed.count + data.changes.new.count + data.changes.now_not_valid.count
        print("""
            v1→v2: \(stats.object_requests) object requests for \(data.changes.changed.count) changed, \
            \(data.changes.new.count) new, \(data.changes.now_not_valid.count) now 404, \
            \(data.changes.withdrawn.count) withdrawn; kept \(night.kept) (\(night.keptDelta)), \
            \(night.pageLinesChanged) page lines changed
            """)
        #expect(stats.object_requests <= changed)
        #expect(stats.object_requests >= data.changes.new.count)
        #expect(night.withdrawn == data.changes.withdrawn.count)
        let withdrawn = try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM objects WHERE is_listed = 0 AND withdrawn_at IS NOT NULL")
        #expect(withdrawn?.int("n") == data.changes.withdrawn.count)
        let gone = try #require(data.changes.now_not_valid.first)
        let goneRow = try catalog.database.fetchOne(sql: "SELECT state FROM objects WHERE object_id = ?", arguments: [.integer(Int64(gone))])
        #expect(goneRow?.string("state") == "gone")

        // Third night, nothing changed upstream: only the overlap is fetched again.
        let pagesBefore = try fixture.pageBytes()
        try await mock.resetStats()
        let quiet = try await fixture.crawl(fixture.options(api: mock.api))
        let quietStats = try await mock.stats()
        #expect(try fixture.pageBytes() == pagesBefore)
        #expect(quiet.keptDelta == 0)
        #expect(quiet.pageLinesChanged == 0)
        #expect(quietStats.object_requests <= changed)
        print("third night: \(quietStats.object_requests) object requests (the one-day overlap), page files unchanged")
    }

    @Test("an interrupted incremental run leaves the cursor; the next run completes it")
    func interruptedRunKeepsTheCursor() async throws {
        let fixture = try CrawlFixture()
        let data = try datasets(fixture)
        let mock = try MockServer(data: data.v1)
        _ = try await fixture.crawl(fixture.options(api: mock.api))
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        // Pretend the last complete run was a week ago.
        let weekAgo = Timestamp.day(of: Date().addingTimeInterval(-7 * 86_400))
        try catalog.setSetting(Crawler.cursorKey, to: weekAgo)

        try await mock.configure(["data": data.v2])
        var options = fixture.options(api: mock.api)
        options.pacing.maxRequests = 8
        let partial = try await fixture.crawl(options)
        #expect(partial.status == .budgetReached)
        #expect(try catalog.setting(Crawler.cursorKey) == weekAgo)

        options.pacing.maxRequests = nil
        let rest = try await fixture.crawl(options)
        #expect(rest.status == .completed)
        #expect(try catalog.setting(Crawler.cursorKey) == RunDays.lastCompletedRun(in: catalog))
        #expect(try catalog.keptIDs() == data.changes.kept_ids.sorted())
    }

    @Test("--since re-fetches what changed since that day; --full re-fetches everything")
    func sinceAndFull() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        _ = try await fixture.crawl(fixture.options(api: mock.api))
        try await mock.resetStats()
        // What changed since that day is what the mock's change list names.
        let changed = try await mock.listing(query: "metadataDate=2000-01-01")
        var options = fixture.options(api: mock.api)
        options.met.since = "2000-01-01"
        let since = try await fixture.crawl(options)
        #expect(since.fetched + since.gone == changed.count)
        options.met.since = nil
        options.isFull = true
        try await mock.resetStats()
        let full = try await fixture.crawl(options)
        #expect(full.mode == "full")
        #expect(try await mock.stats().object_requests == SampleSummary.committedSample.listed)
    }
}

extension NightlyTests {
    @Test("scripts/nightly logs to a dated file and exits with etl's code")
    func nightlyWrapper() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        func wrapper(_ api: String) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestPaths.script("nightly"))
            process.arguments = ["--api", api, "--catalog", fixture.catalogPath, "--out", fixture.pagesPath, "--rate", "unlimited"]
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["ETL_BIN": TestPaths.etlExecutable, "ETL_LOG_DIR": fixture.path("logs"), "ETL_MAX_DURATION": "1m"]) { $1 }
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        let firstDay = Timestamp.day(of: Date())
        #expect(try wrapper(mock.api) == 0)
        #expect(try wrapper("http://127.0.0.1:9") == 1)
        let days = [firstDay, Timestamp.day(of: Date())]
        let (names, log) = try RunDays.logs(in: fixture.path("logs"), prefix: "crawl", during: days)
        #expect(!names.isEmpty && names.allSatisfy { name in days.contains { name == "crawl-\($0).log" } }, "\(names), days \(days)")
        #expect(log.contains("crawl completed (full)"))
        #expect(log.contains("Error: cannot list object IDs from http://127.0.0.1:9/objects"))
        #expect(log.contains("exit 0") && log.contains("exit 1"))
        // After each crawl, failed or not, the report beside the catalog.
        #expect(log.components(separatedBy: "wrote the report to \(fixture.path("report.html"))\n").count == 3)
        let report = try String(contentsOfFile: fixture.path("report.html"), encoding: .utf8)
        #expect(report.contains("<title>etl report</title>") && report.contains(">failed</span>"))
    }
}

extension NightlyTests {
    @Test("ETL_IMAGES=1: scripts/nightly runs etl images beside the crawl, each with its own log")
    func nightlyWithImages() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"), options: ["--images"])
        func wrapper(_ environment: [String: String]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestPaths.script("nightly"))
            process.arguments = ["--api", mock.api, "--catalog", fixture.catalogPath, "--out", fixture.pagesPath, "--rate", "20"]
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["ETL_BIN": TestPaths.etlExecutable, "ETL_LOG_DIR": fixture.path("logs"), "ETL_MAX_DURATION": "2m"]
                    .merging(environment) { $1 }) { $1 }
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        // The first night makes the catalog; the second fetches again, pictures alongside.
        let firstDay = Timestamp.day(of: Date())
        #expect(try wrapper([:]) == 0)
        #expect(try wrapper([
            "ETL_IMAGES": "1", "ETL_IMAGES_OPTIONS": "--dir \(fixture.path("images")) --image-hosts 127.0.0.1 --rate 20",
        ]) == 0)
        let days = [firstDay, Timestamp.day(of: Date())]
        let (names, images) = try RunDays.logs(in: fixture.path("logs"), prefix: "images", during: days)
        #expect(!names.isEmpty && names.allSatisfy { name in days.contains { name == "images-\($0).log" } }, "\(names), days \(days)")
        #expect(images.contains("images completed (paged)"), "\(images)")
        #expect(images.contains("exit 0"))
        let stats = try await mock.stats()
        #expect(stats.image_requests == SampleSummary.committedSample.kept)
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        #expect(try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM images WHERE state = 'ok'")?.integer(named: "n")
            == SampleSummary.committedSample.kept)
    }
}

/// What `make_sample.py --v2-from … --summary` reports.
struct V2Changes: Decodable {
    var changed: [Int]
    var withdrawn: [Int]
    var new: [Int]
    var now_not_valid: [Int]
    var kept_ids: [Int]
}
