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

/// The whole pipeline against the mock API on loopback.
@Suite("Crawl pipeline on the mock API", .serialized)
struct CrawlIntegrationTests {
    @Test("crawl keeps exactly the complete, de-duplicated objects and pages them")
    func crawlMatchesTheGeneratorsOwnAccount() async throws {
        let fixture = try CrawlFixture()
        let sample = try fixture.generateSample(count: 300, seed: 7)
        let mock = try MockServer(data: sample.data)
        let started = Date()
        let summary = try await fixture.crawl(fixture.options(api: mock.api))
        print("integration crawl of 300 records: \(String(format: "%.2f", Date().timeIntervalSince(started))) s")

        #expect(summary.status == .completed)
        #expect(summary.fetched + summary.gone == sample.summary.listed)
        #expect(summary.kept == sample.summary.kept)
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        #expect(try catalog.keptIDs() == sample.summary.kept_ids.sorted())
        let complete = try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM objects WHERE is_complete = 1")
        #expect(complete?.int("n") == sample.summary.complete)

        let paged = try fixture.pagedIDs()
        #expect(Set(paged) == Set(sample.summary.kept_ids))
        #expect(paged.count == Set(paged).count)
        let duplicates = try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM rejections WHERE reason = 'duplicate'")
        #expect(duplicates?.int("n") == sample.summary.complete - sample.summary.kept)
    }

    @Test("raw bodies are stored exactly as served")
    func rawBodiesAreExact() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        _ = try await fixture.crawl(fixture.options(api: mock.api))
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let lines = try String(contentsOfFile: TestPaths.sample("objects.jsonl"), encoding: .utf8).split(separator: "\n")
        var compared = 0
        for line in lines where !line.contains("\"_") {
            let object = try #require(MetObject.decode(body: Array(line.utf8)))
            let id = try #require(object.objectID)
            let row = try catalog.database.fetchOne(sql: "SELECT raw_json FROM objects_raw WHERE object_id = ?", arguments: [.integer(Int64(id))])
            #expect(row?.string("raw_json") == String(line))
            compared += 1
        }
        #expect(compared > 250)
    }

    @Test("a second crawl with no upstream change changes nothing")
    func secondCrawlIsANoOp() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        let first = try await fixture.crawl(fixture.options(api: mock.api))
        let pagesBefore = try fixture.pageBytes()
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let rowsBefore = try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM objects")?.int("n")
        try await mock.resetStats()

        let second = try await fixture.crawl(fixture.options(api: mock.api))
        let stats = try await mock.stats()
        #expect(first.mode == "full")
        #expect(second.mode == "incremental")
        #expect(stats.object_requests == 0)
        #expect(second.fetched == 0)
        #expect(second.keptDelta == 0)
        #expect(second.pageLinesChanged == 0)
        #expect(try fixture.pageBytes() == pagesBefore)
        #expect(try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM objects")?.int("n") == rowsBefore)
        #expect(try catalog.integrityCheck() == "ok")
    }

    @Test("etl pages works with the API stopped and is byte-identical")
    func pagesNeedNoNetwork() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        var options = fixture.options(api: mock.api)
        options.paging.layout = PageLayout(pageCount: 5, pageSize: 20, order: .shuffle, seed: 42)
        _ = try await fixture.crawl(options)
        let crawlPages = try fixture.pageBytes(count: 5)
        mock.stop()

        let run = try ETLRun.run([
            "pages", "--catalog", fixture.catalogPath, "--out", fixture.path("again"),
            "--pages", "5", "--page-size", "20", "--seed", "42",
        ])
        #expect(run.exitCode == 0)
        #expect(try fixture.pageBytes(in: fixture.path("again"), count: 5) == crawlPages)
        let rerun = try ETLRun.run([
            "pages", "--catalog", fixture.catalogPath, "--out", fixture.path("again"),
            "--pages", "5", "--page-size", "20", "--seed", "42",
        ])
        #expect(rerun.exitCode == 0)
        #expect(try fixture.pageBytes(in: fixture.path("again"), count: 5) == crawlPages)
        #expect(!FileManager.default.fileExists(atPath: fixture.path("again/6.txt")))
    }

    @Test("--ids crawls exactly the listed IDs, 404s included")
    func idsFile() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        try "1000\n\n1005\n999999\n".write(toFile: fixture.path("ids.txt"), atomically: true, encoding: .utf8)
        var options = fixture.options(api: mock.api)
        options.idsFile = fixture.path("ids.txt")
        let summary = try await fixture.crawl(options)
        #expect(summary.mode == "ids")
        #expect(summary.fetched == 2)
        #expect(summary.gone == 1)
        let stats = try await mock.stats()
        #expect(stats.listing_requests == 0)
        #expect(stats.object_requests == 3)
    }

    /// The real client, with every object request sent to `objectsAPI`
    /// instead of `api`: a listing that answers, objects that cannot be reached.
    struct ObjectsElsewhere: HTTPClient {
        let client: CurlClient
        let api: String
        let objectsAPI: String

        func get(_ url: String) async throws -> HTTPResponse {
            let objects = api + "/objects/"
            return try await client.get(url.hasPrefix(objects) ? objectsAPI + "/objects/" + url.dropFirst(objects.count) : url)
        }
    }

    @Test("objects unreachable after a listing that answered are stored as failed, as before: the API was reached")
    func unreachableObjectsAfterAnAnsweredListing() async throws {
        let fixture = try CrawlFixture()
        let server = try FixedServer(routes: ["/objects": .init(body: #"{"total":2,"objectIDs":[1,2]}"#)])
        var options = fixture.options(api: server.api)
        options.pacing.maxAttempts = 1
        let client = ObjectsElsewhere(
            client: try CurlClient(configuration: .init(userAgent: "etl-tests", timeout: 5)), api: server.api,
            objectsAPI: "http://127.0.0.1:9")
        let summary = try await Crawler(options: options, client: client).run()
        #expect(summary.status == .completed)
        #expect(summary.listed == 2 && summary.fetched == 0 && summary.failed == 2)
        #expect(try server.requests() == ["/objects"])
        let catalog = try Catalog.openSource(path: fixture.catalogPath, create: false)
        #expect(try catalog.count("SELECT count(*) FROM objects WHERE state = 'failed' AND attempts = 1 AND needs_fetch = 1") == 2)
        #expect(try catalog.count("SELECT count(*) FROM runs WHERE status = 'completed'") == 1)
    }

    @Test("--ids from a pipe is read once: every piped ID is crawled")
    func idsFromAPipe() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        let ids = ["1000", "1005", "999999"]
        let run = try ETLRun.runShell(
            "printf '\(ids.joined(separator: "\\n"))\\n' | '\(TestPaths.etlExecutable)' crawl --api '\(mock.api)' "
                + "--catalog '\(fixture.catalogPath)' --out '\(fixture.pagesPath)' --ids /dev/stdin --rate unlimited --json --quiet")
        #expect(run.exitCode == 0, "\(run.standardError)")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.mode == "ids" && summary.listed == ids.count)
        let stats = try await mock.stats()
        #expect(stats.object_requests == ids.count)
    }

    @Test("crawl --require-image pages only works whose picture was verified")
    func requireImage() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"), options: ["--images", "--image-404", "0.2", "--seed", "9"])
        _ = try await fixture.crawl(fixture.options(api: mock.api))
        let images = try ETLRun.run([
            "images", "--catalog", fixture.catalogPath, "--dir", fixture.path("images"), "--all",
            "--rate", "unlimited", "--max-attempts", "1", "--quiet", "--image-hosts", "127.0.0.1",
        ])
        #expect(images.exitCode == 0)
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let verified = try catalog.database.fetchAll(sql: "SELECT object_id FROM images WHERE state = 'ok'").compactMap { $0.int("object_id") }
        let failed = try catalog.database.fetchAll(sql: "SELECT object_id FROM images WHERE state = 'failed'").compactMap { $0.int("object_id") }
        #expect(!failed.isEmpty)

        var options = fixture.options(api: mock.api)
        options.paging.requireImage = true
        options.paging.given = [.requireImage]
        _ = try await fixture.crawl(options)
        #expect(Set(try fixture.pagedIDs()) == Set(verified))
    }

    @Test("the real records: as many fetched, complete and kept as the generator's rule finds in them",
          .enabled(if: TestPaths.realData("objects.jsonl") != nil, "../shared/met-real/objects.jsonl is not present"))
    func realRecords() async throws {
        let fixture = try CrawlFixture()
        let data = try #require(TestPaths.realData("objects.jsonl"))
        let reference = try fixture.summarize(data)
        let mock = try MockServer(data: data)
        let summary = try await fixture.crawl(fixture.options(api: mock.api))
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let complete = try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM objects WHERE is_complete = 1")?.int("n")
        print("real records: fetched \(summary.fetched), complete \(complete ?? -1), kept \(summary.kept)")
        #expect(summary.fetched == reference.valid && summary.gone == reference.not_valid)
        #expect(complete == reference.complete)
        #expect(summary.kept == reference.kept)
        #expect(try catalog.keptIDs() == reference.kept_ids.sorted())
    }
}
