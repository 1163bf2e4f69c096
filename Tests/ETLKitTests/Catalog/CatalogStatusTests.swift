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

@Suite("etl status", .serialized)
struct CatalogStatusTests {
    @Test("an empty catalog, exact text")
    func emptyCatalog() throws {
        let fixture = try CrawlFixture()
        _ = try Catalog.open(path: fixture.catalogPath)
        let run = try ETLRun.run(["status", "--catalog", fixture.catalogPath])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == """
            objects known   0
              fetched       0
              kept          0 (paged 0, not paged 0)
              gone          0
              bad IDs       0
              withdrawn     0
              failed        0
              never fetched 0
              planned out   0
              queued        0
            cursor          none (next crawl is a full one)
            backlog         0 objects
            page settings   none yet (the first crawl or pages run sets them)
            images          paged 0 of 0 verified, kept 0 of 0, failed 0
            report          none yet; 'etl report' writes \(fixture.path("report.html"))
            runs            none

            """)
    }

    @Test("a partial and then a complete catalog, as JSON")
    func partialThenComplete() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        var options = fixture.options(api: mock.api)
        options.pacing.maxRequests = 101
        options.paging.layout = PageLayout(pageCount: 2, pageSize: 10)
        _ = try await fixture.crawl(options)

        let partial = try status(fixture)
        #expect(partial.objects == 300)
        #expect(partial.fetched + partial.gone == 100)
        #expect(partial.neverFetched == 200)
        #expect(partial.queued == 200)
        #expect(partial.cursor == nil)
        #expect(partial.lastRuns.map(\.status) == ["budget_reached"])
        #expect(partial.lastRuns.first?.requests == 101)
        #expect(try #require(partial.backlogSeconds) > 0)
        #expect(partial.paged == min(partial.kept, 20))

        options.pacing.maxRequests = nil
        _ = try await fixture.crawl(options)
        let complete = try status(fixture)
        let sample = SampleSummary.committedSample
        #expect(complete.fetched == sample.valid)
        #expect(complete.gone == sample.not_valid)
        #expect(complete.queued == 0)
        #expect(complete.kept == sample.kept)
        #expect(complete.paged == 20)
        #expect(complete.unpaged == sample.kept - 20)
        #expect(complete.rejected[.duplicate] == sample.complete - sample.kept)
        #expect(complete.rejected[.gone] == 10)
        #expect(complete.cursor == Timestamp.day(of: Date()))
        #expect(complete.lastRuns.map(\.status) == ["completed", "budget_reached"])
        #expect(complete.backlogSeconds == 0)
    }

    private func status(_ fixture: CrawlFixture) throws -> CatalogStatus {
        let run = try ETLRun.run(["status", "--catalog", fixture.catalogPath, "--json"])
        #expect(run.exitCode == 0)
        return try JSONDecoder().decode(CatalogStatus.self, from: Data(run.standardOutput.utf8))
    }
}
