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

/// `etl images` on the mock's pictures: downloads, the cache, URL changes.
@Suite("etl images: downloads and the cache", .serialized)
struct ImageDownloadTests {
    @Test("a file per paged work, sha256 of its bytes; a rerun makes no image request")
    func downloadThenCacheHit() async throws {
        let fixture = try await ImageFixture()
        let paged = try fixture.pagedIDs()
        #expect(paged.count == SampleSummary.committedSample.kept)
        let first = try await fixture.images()
        #expect(first.status == .completed)
        #expect(first.downloaded == paged.count)
        #expect(first.failed == 0)
        #expect(first.requests == paged.count)
        #expect(try await fixture.imageRequests() == paged.count)
        let rows = try fixture.rows()
        #expect(Set(rows.keys) == Set(paged))
        for id in paged {
            let row = try #require(rows[id])
            #expect(row.string("state") == "ok")
            #expect(row.string("file") == "\(id).jpg")
            #expect(row.string("content_type") == "image/jpeg")
            #expect(row.int("http_status") == 200)
            #expect(row.string("url")?.hasSuffix(".jpg") == true)
            // The mock's pictures are 8 x 8 baseline JPEGs.
            #expect(row.int("width") == 8 && row.int("height") == 8)
        }
        #expect(try fixture.verifyFolderMatchesRows() == paged.count)
        #expect(first.bytes == rows.values.compactMap { $0.int("bytes") }.reduce(0, +))

        try await fixture.mock.resetStats()
        let second = try await fixture.images()
        #expect(second.cached == paged.count)
        #expect(second.downloaded == 0)
        #expect(second.requests == 0)
        #expect(try await fixture.imageRequests() == 0)

        // A picture deleted from the folder is fetched again, and only it.
        let victim = try #require(paged.first)
        try FileManager.default.removeItem(atPath: fixture.directory.filePath("\(victim).jpg"))
        let third = try await fixture.images()
        #expect(third.downloaded == 1)
        #expect(try await fixture.imageRequests() == 1)
        try fixture.verifyFolderMatchesRows()
    }

    @Test("a changed image URL is fetched again, and only that one")
    func changedURL() async throws {
        let fixture = try await ImageFixture()
        _ = try await fixture.images()
        let catalog = try fixture.catalog()
        let changedID = try #require(try fixture.pagedIDs().sorted().first)
        let before = try #require(try fixture.rows()[changedID])

        // The same collection with one record's primaryImageSmall changed.
        let v2 = fixture.crawl.path("v2.jsonl")
        var lines = try String(contentsOfFile: TestPaths.sample("objects.jsonl"), encoding: .utf8).split(separator: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix("{\"objectID\": \(changedID),") })
        let oldURL = try #require(lines[index].firstMatch(of: /"primaryImageSmall": "([^"]+)\.jpg"/)?.1)
        lines[index] = Substring(lines[index].replacingOccurrences(of: "\(oldURL).jpg\"", with: "\(oldURL)-v2.jpg\""))
        try (lines.joined(separator: "\n") + "\n").write(toFile: v2, atomically: true, encoding: .utf8)
        try await fixture.mock.configure(["data": v2])
        var crawl = fixture.crawl.options(api: fixture.mock.api)
        crawl.met.since = "2000-01-01"
        _ = try await fixture.crawl.crawl(crawl)

        try await fixture.mock.resetStats()
        let summary = try await fixture.images()
        #expect(summary.downloaded == 1)
        #expect(summary.cached == SampleSummary.committedSample.kept - 1)
        #expect(try await fixture.imageRequests() == 1)
        let after = try #require(try fixture.rows()[changedID])
        #expect(after.string("url")?.hasSuffix("-v2.jpg") == true)
        #expect(after.string("url") != before.string("url"))
        #expect(after.string("sha256") != before.string("sha256"))
        try fixture.verifyFolderMatchesRows()
        #expect(try catalog.verifiedImageIDs(directory: fixture.directory).count == SampleSummary.committedSample.kept)
    }

    @Test("failed works are replaced by the next ones in page order, so small pages fill up")
    func replacementsFillThePages() async throws {
        let layout = PageLayout(pageCount: 2, pageSize: 10)
        let fixture = try await ImageFixture(mockOptions: ["--image-404", "0.3", "--seed", "3"], layout: layout)
        let summary = try await fixture.images()
        #expect(summary.status == .completed)
        let target = layout.pageCount * layout.pageSize
        #expect(summary.downloaded == target)
        #expect(summary.failed > 0)
        #expect(summary.failures == ["status": summary.failed])
        #expect(summary.requests == target + summary.failed)

        let run = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", fixture.crawl.pagesPath,
                                  "--pages", "\(layout.pageCount)", "--page-size", "\(layout.pageSize)", "--require-image"])
        #expect(run.exitCode == 0)
        let pages = try fixture.pagedIDs(count: layout.pageCount)
        let verified = try fixture.catalog().verifiedImageIDs(directory: fixture.directory)
        #expect(pages.count == target)
        #expect(Set(pages).isSubset(of: verified))
        // The next run has nothing to do: the target is full.
        try await fixture.mock.resetStats()
        let again = try await fixture.images()
        #expect(again.cached == target)
        #expect(try await fixture.imageRequests() == 0)
    }

    @Test("--all covers every kept work; --max-requests stops cleanly and the next run resumes")
    func allAndBudget() async throws {
        let layout = PageLayout(pageCount: 1, pageSize: 10)
        let budget = 50
        let kept = SampleSummary.committedSample.kept
        let fixture = try await ImageFixture(layout: layout)
        let paged = try await fixture.images()
        #expect(paged.downloaded == layout.pageCount * layout.pageSize)
        let partial = try await fixture.images { $0.isAll = true; $0.pacing.maxRequests = budget }
        #expect(partial.status == .budgetReached)
        #expect(partial.downloaded == budget)
        #expect(partial.remaining == kept - paged.downloaded - budget)
        let rest = try await fixture.images { $0.isAll = true }
        #expect(rest.status == .completed)
        #expect(rest.cached == paged.downloaded + budget)
        #expect(rest.downloaded == kept - paged.downloaded - budget)
        #expect(try fixture.verifyFolderMatchesRows() == SampleSummary.committedSample.kept)
    }

    @Test("etl images --json on the real executable; a missing catalog leaves nothing behind")
    func executable() async throws {
        let fixture = try await ImageFixture()
        let run = try ETLRun.run(fixture.arguments(["--json"]))
        #expect(run.exitCode == 0, "\(run.standardError)")
        let summary = try JSONDecoder().decode(ImageSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.downloaded == SampleSummary.committedSample.kept)
        #expect(summary.mode == "paged")
        #expect(run.standardError.contains("images: \(SampleSummary.committedSample.kept) to download"))

        let kept = SampleSummary.committedSample.kept
        let status = try ETLRun.run(["status", "--catalog", fixture.catalogPath])
        #expect(status.standardOutput.contains("images          paged \(kept) of \(kept) verified, kept \(kept) of \(kept), failed 0\n"))
        #expect(status.standardOutput.contains("image files     \(kept) ("))

        let folder = TemporaryDirectory()
        let missing = folder.path("nowhere/catalog.sqlite")
        let refused = try ETLRun.run(["images", "--catalog", missing, "--dir", folder.path("images")])
        #expect(refused.exitCode == 1)
        #expect(refused.standardError == "Error: no catalog at '\(missing)'; run 'etl crawl' first or pass --catalog PATH\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root) == [])
    }
}
