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
        let budget = 101
        let layout = PageLayout(pageCount: 2, pageSize: 10)
        let sample = SampleSummary.committedSample
        options.pacing.maxRequests = budget
        options.paging.layout = layout
        _ = try await fixture.crawl(options)

        let partial = try status(fixture)
        #expect(partial.objects == sample.listed)
        #expect(partial.fetched + partial.gone == budget - 1, "the listing took one request")
        #expect(partial.neverFetched == sample.listed - (budget - 1))
        #expect(partial.queued == sample.listed - (budget - 1))
        #expect(partial.cursor == nil)
        #expect(partial.lastRuns.map(\.status) == ["budget_reached"])
        #expect(partial.lastRuns.first?.requests == budget)
        #expect(try #require(partial.backlogSeconds) > 0)
        #expect(partial.paged == min(partial.kept, layout.pageCount * layout.pageSize))

        options.pacing.maxRequests = nil
        _ = try await fixture.crawl(options)
        let complete = try status(fixture)
        #expect(complete.fetched == sample.valid)
        #expect(complete.gone == sample.not_valid)
        #expect(complete.queued == 0)
        #expect(complete.kept == sample.kept)
        #expect(complete.paged == layout.pageCount * layout.pageSize)
        #expect(complete.unpaged == sample.kept - layout.pageCount * layout.pageSize)
        #expect(complete.rejected[.duplicate] == sample.complete - sample.kept)
        #expect(complete.rejected[.gone] == sample.not_valid)
        #expect(complete.cursor == (try RunDays.lastCompletedRun(in: Catalog.open(path: fixture.catalogPath, create: false))))
        #expect(complete.lastRuns.map(\.status) == ["completed", "budget_reached"])
        #expect(complete.backlogSeconds == 0)
    }

    private func status(_ fixture: CrawlFixture) throws -> CatalogStatus {
        let run = try ETLRun.run(["status", "--catalog", fixture.catalogPath, "--json"])
        #expect(run.exitCode == 0)
        return try JSONDecoder().decode(CatalogStatus.self, from: Data(run.standardOutput.utf8))
    }
}
