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

/// Real signals sent to the real `etl images` mid-download.
@Suite("etl images: interrupted runs", .serialized)
struct ImageInterruptTests {
    @Test("kill -9 mid-download, then a rerun: no partial or unrecorded file is left, and the rerun completes",
          arguments: [10, 60])
    func killNine(afterRequests point: Int) async throws {
        // Every picture takes 150 ms: the kill lands with downloads in flight.
        let fixture = try await ImageFixture(mockOptions: ["--image-slow", "1", "--slow-ms", "150"])
        let killed = try ETLRun.run(
            fixture.arguments(["--concurrency", "8", "--quiet"]), signal: SIGKILL,
            when: { fixture.mock.imageRequestsSoFar() >= point })
        #expect(killed.exitCode == 128 + SIGKILL)
        let committed = try fixture.rows().count
        let onDisk = try fixture.files().filter { !$0.hasPrefix(".") }.count
        print("kill -9 after \(point) image requests: \(committed) rows committed, \(onDisk) pictures on disk")
        #expect(committed > 0 && committed < SampleSummary.committedSample.kept)

        // What a kill between a write and its commit leaves, planted for sure:
        // a temporary file and a picture no row vouches for.
        let rows = try fixture.rows()
        let stray = try #require(try fixture.pagedIDs().first { rows[$0] == nil })
        try Data("half a pict".utf8).write(to: URL(fileURLWithPath: fixture.directory.filePath(".\(stray).jpg.tmp-99999")))
        // etl lists a name in its manifest before the rename, so the stray is listed.
        try WrittenFiles(folder: fixture.imagesPath, accepts: ImageDirectory.isPictureName).add("\(stray).jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: URL(fileURLWithPath: fixture.directory.filePath("\(stray).jpg")))
        // A user's file that merely looks like a picture of etl's is not listed, and stays.
        let mine = Data("my holiday".utf8)
        try mine.write(to: URL(fileURLWithPath: fixture.directory.filePath("20240101.jpg")))
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: fixture.directory.filePath("notes.txt")))

        try await fixture.mock.resetStats()
        let rerun = try ETLRun.run(fixture.arguments(["--concurrency", "8", "--quiet", "--json"]))
        #expect(rerun.exitCode == 0, "\(rerun.standardError)")
        let summary = try JSONDecoder().decode(ImageSummary.self, from: Data(rerun.standardOutput.utf8))
        #expect(summary.status == .completed)
        #expect(summary.removedTemporary >= 1)
        #expect(summary.removedOrphans >= 1)
        #expect(summary.cached == committed)
        #expect(summary.downloaded == SampleSummary.committedSample.kept - committed)
        #expect(try await fixture.imageRequests() == SampleSummary.committedSample.kept - committed, "nothing committed is fetched twice")
        #expect(try fixture.files().filter { $0.contains(".tmp-") } == [])
        #expect(try fixture.files().contains("notes.txt"), "files that are not pictures are never touched")
        #expect(FileManager.default.contents(atPath: fixture.directory.filePath("20240101.jpg")) == mine, "nor pictures etl did not write")
        try FileManager.default.removeItem(atPath: fixture.directory.filePath("notes.txt"))
        try FileManager.default.removeItem(atPath: fixture.directory.filePath("20240101.jpg"))
        #expect(try fixture.verifyFolderMatchesRows() == SampleSummary.committedSample.kept)
        #expect(try fixture.catalog().integrityCheck() == "ok")
    }

    @Test("SIGINT stops cleanly: commits, prints the summary, exits 130; the next run finishes")
    func interrupt() async throws {
        let fixture = try await ImageFixture(mockOptions: ["--image-slow", "1", "--slow-ms", "150"])
        // Stopped once the mock has seen ten pictures asked for: mid-download, whatever the machine's speed.
        let stopped = try ETLRun.run(
            fixture.arguments(["--concurrency", "4", "--json"]), signal: SIGINT,
            when: { fixture.mock.imageRequestsSoFar() >= 10 })
        #expect(stopped.exitCode == 130)
        let summary = try JSONDecoder().decode(ImageSummary.self, from: Data(stopped.standardOutput.utf8))
        #expect(summary.status == .interrupted)
        #expect(summary.downloaded > 0)
        #expect(summary.remaining == SampleSummary.committedSample.kept - summary.downloaded)
        #expect(stopped.standardError.contains("stopping: interrupted"))
        #expect(try fixture.verifyFolderMatchesRows() == summary.downloaded)

        let rest = try await fixture.images()
        #expect(rest.cached == summary.downloaded)
        #expect(rest.downloaded == SampleSummary.committedSample.kept - summary.downloaded)
    }

    @Test("a second etl images on the same catalog is refused with exit 75")
    func lock() async throws {
        let fixture = try await ImageFixture()
        // Image runs exclude each other; a crawl's lock does not stop one (see CrawlAndImagesTests).
        let held = try CatalogLock(catalogPath: fixture.catalogPath, purpose: .images)
        let refused = try ETLRun.run(fixture.arguments())
        #expect(refused.exitCode == 75)
        #expect(refused.standardError.contains("is in use by another etl images"))
        withExtendedLifetime(held) {}
    }
}
