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

/// The real records of `../shared/met-real/objects.jsonl`, their image URLs
/// rewritten to the mock, which serves pictures with a few faults mixed in.
@Suite("etl images: real records", .serialized)
struct ImageRealRecordsTests {
    @Test("crawl the real records, then etl images --all: counts", .enabled(if: TestPaths.realData("objects.jsonl") != nil, "../shared/met-real/objects.jsonl is not present"))
    func realRecords() async throws {
        let data = try #require(TestPaths.realData("objects.jsonl"))
        let fixture = try await ImageFixture(data: data, mockOptions: [
            "--image-404", "0.02", "--image-html200", "0.01", "--image-truncate", "0.02",
            "--image-slow", "0.01", "--slow-ms", "1500", "--seed", "5",
        ])
        let catalog = try fixture.catalog()
        let kept = try catalog.keptIDs().count
        let withURL = try catalog.database.fetchOne(sql: """
            SELECT count(*) AS n FROM works w JOIN objects o USING (object_id)
             WHERE coalesce(nullif(trim(o.primary_image_small), ''), nullif(trim(o.primary_image), '')) IS NOT NULL
            """)?.int("n") ?? -1
        let odd = try catalog.database.fetchOne(sql: """
            SELECT count(*) AS n FROM works w JOIN objects o USING (object_id)
             WHERE o.primary_image_small GLOB '*[^A-Za-z0-9:/._-]*'
            """)?.int("n") ?? -1

        // Four connections: more can overflow the mock's listen backlog and
        // turn a lost SYN into a timeout the mock did not inject.
        let summary = try await fixture.images { $0.isAll = true; $0.pacing.maxAttempts = 3; $0.pacing.timeout = 1; $0.pacing.concurrency = 4 }
        let stats = try await fixture.mock.stats()
        print("""
            real records: \(kept) kept works (\(withURL) with an image URL, \(odd) URLs with spaces or non-ASCII); \
            etl images --all: \(summary.status.rawValue) in \(FigureText.duration(summary.durationSeconds)), \
            downloaded \(summary.downloaded) (\(summary.bytes) bytes, \(FigureText.bytes(summary.bytes))), \
            failed \(summary.failed) \(summary.failures.sorted { $0.key < $1.key }), \
            requests \(summary.requests), retries \(summary.retries), blocks \(summary.blocks); \
            mock faults \(stats.faults)
            """)
        #expect(summary.status == .completed)
        #expect(summary.downloaded + summary.failed == withURL)
        #expect(summary.failures["status"] == stats.faults["image_404"])
        #expect(try fixture.verifyFolderMatchesRows() == summary.downloaded)

        // A second run asks for nothing: every picture is cached, every failure skipped.
        try await fixture.mock.resetStats()
        let again = try await fixture.images { $0.isAll = true }
        #expect(again.cached == summary.downloaded)
        #expect(again.skippedFailed == summary.failed)
        #expect(try await fixture.imageRequests() == 0)

        // Pages that require a picture hold only verified ones.
        let run = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", fixture.crawl.pagesPath, "--require-image"])
        #expect(run.exitCode == 0)
        print("real records: \(run.standardOutput)", terminator: "")
        let verified = try catalog.verifiedImageIDs(directory: fixture.directory)
        #expect(Set(try fixture.pagedIDs()).isSubset(of: verified))
    }
}
