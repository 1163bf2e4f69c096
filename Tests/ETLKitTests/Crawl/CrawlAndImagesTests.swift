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

/// `etl images` beside a crawl of the same catalog: separate locks, both
/// writers' short transactions taking turns.
@Suite("Crawl and images at once", .serialized)
struct CrawlAndImagesTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("a crawl and etl images on one catalog both complete, with exact counts")
    func bothComplete() async throws {
        let fixture = try await ImageFixture()
        let sample = SampleSummary.committedSample
        try await fixture.mock.resetStats()
        let crawlArguments = [
            "crawl", "--api", fixture.mock.api, "--catalog", fixture.catalogPath, "--out", fixture.crawl.pagesPath,
            "--full", "--rate", "25", "--json", "--quiet",
        ]
        let mock = fixture.mock
        let crawl = Task.detached { try ETLRun.run(crawlArguments, timeout: 300) }
        // The images run starts once the crawl is fetching (it holds its lock by then).
        #expect(await HangGuard.waitUntil { mock.objectRequestsSoFar() >= 10 }, "the crawl began fetching")
        // The crawl's lock is held as the images run starts: the two runs
        // overlap, whichever finishes first (which one does depends on the
        // machine's load, so it is not what the test asserts).
        let crawlStillRunning = (try? CatalogLock(catalogPath: fixture.catalogPath)) == nil
        let images = try ETLRun.run(fixture.arguments(["--all", "--rate", "40", "--json", "--quiet"]), timeout: 300)
        let crawled = try await crawl.value

        #expect(images.exitCode == 0, "\(images.standardError)")
        #expect(crawled.exitCode == 0, "\(crawled.standardError)")
        #expect(crawlStillRunning, "the images run started while the crawl was fetching")
        let imageSummary = try Self.json(images.standardOutput)
        #expect(imageSummary["downloaded"] as? Int == sample.kept)
        #expect(imageSummary["failed"] as? Int == 0)
        let crawlSummary = try Self.json(crawled.standardOutput)
        #expect(crawlSummary["status"] as? String == "completed")
        #expect((crawlSummary["fetched"] as? Int ?? 0) + (crawlSummary["gone"] as? Int ?? 0) == sample.valid + sample.not_valid)
        #expect(crawlSummary["kept"] as? Int == sample.kept)

        let catalog = try fixture.catalog()
        #expect(try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM images WHERE state = 'ok'")?.integer(named: "n") == sample.kept)
        #expect(try fixture.verifyFolderMatchesRows() == sample.kept)
        #expect(try catalog.integrityCheck() == "ok")
        let runMinuteKinds = try catalog.database.fetchAll(sql: "SELECT DISTINCT kind FROM run_minutes ORDER BY kind").compactMap { try $0.text(named: "kind") }
        #expect(runMinuteKinds == ["crawl", "images"])
    }

    @Test("two image runs of one catalog still exclude each other; a crawl does not wait for either")
    func twoImageRunsExclude() async throws {
        let fixture = try await ImageFixture()
        let held = try CatalogLock(catalogPath: fixture.catalogPath, purpose: .images)
        let second = try ETLRun.run(fixture.arguments())
        #expect(second.exitCode == 75)
        #expect(second.firstErrorLine == "Error: catalog '\(fixture.catalogPath)' is in use by another etl images (pid \(getpid())); try again when it has finished")
        let crawl = try ETLRun.run([
            "crawl", "--api", fixture.mock.api, "--catalog", fixture.catalogPath, "--out", fixture.crawl.pagesPath,
            "--rate", "unlimited", "--quiet",
        ])
        #expect(crawl.exitCode == 0, "\(crawl.standardError)")
        withExtendedLifetime(held) {}
    }
}
