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

@Suite("PagesBuilder")
struct PagesBuilderTests {
    static func keptCatalog(_ directory: TemporaryDirectory, ids: [Int]) throws -> Catalog {
        let catalog = try CatalogFixture.open(directory)
        try catalog.record(ids.map { CatalogFixture.fetched($0) })
        try catalog.rebuildWorks()
        return catalog
    }

    @Test func buildWritesFilesAndRecordsPlaces() throws {
        let directory = TemporaryDirectory()
        let catalog = try Self.keptCatalog(directory, ids: Array(1...7))
        let layout = PageLayout(pageCount: 3, pageSize: 2, order: .id)
        let out = directory.path("pages")
        let result = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: out).build()
        #expect(result.pages == [[1, 2], [3, 4], [5, 6]])
        #expect(result.unpaged == 1)
        #expect(result.changedLines == 6)
        #expect(try catalog.recordedPages() == result.pages)
        #expect(try String(contentsOfFile: out + "/2.txt", encoding: .utf8) == "3\n4\n")
        #expect(try String(contentsOfFile: result.folder + "/3.txt", encoding: .utf8) == "5\n6\n")

        let again = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: out).build()
        #expect(again.changedLines == 0)
        try catalog.record([CatalogFixture.fetched(8)])
        try catalog.rebuildWorks()
        let grown = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: out).build()
        #expect(grown.pages == [[1, 2], [3, 4], [5, 6]])
        #expect(grown.unpaged == 2)
        #expect(grown.changedLines == 0)
    }

    /// Lines of works that left since the last build are lines that changed too:
    /// old 2.txt "3 4" → new "4 5" and 3.txt "5 6" → "6 7" is what `diff` shows, 4 lines.
    @Test func changedLinesCountsWorksThatLeft() throws {
        let directory = TemporaryDirectory()
        let catalog = try Self.keptCatalog(directory, ids: Array(1...7))
        let layout = PageLayout(pageCount: 3, pageSize: 2, order: .id)
        let out = directory.path("pages")
        let before = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: out).build()
        #expect(before.pages == [[1, 2], [3, 4], [5, 6]])
        try catalog.record([CatalogFixture.gone(3)])
        try catalog.rebuildWorks()
        let after = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: out).build()
        #expect(after.pages == [[1, 2], [4, 5], [6, 7]])
        #expect(after.unpaged == 0)
        #expect(PageLayout.changedLines(from: before.pages, to: after.pages) == 4)
        #expect(after.changedLines == 4)
    }

    @Test func failedWriteLeavesTheRecordedSetAndTheFilesIntact() throws {
        let directory = TemporaryDirectory()
        let catalog = try Self.keptCatalog(directory, ids: Array(1...4))
        let layout = PageLayout(pageCount: 2, pageSize: 2, order: .shuffle, seed: 5)
        let good = directory.path("pages")
        let first = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: good).build()
        try catalog.record([CatalogFixture.fetched(5)])
        try catalog.rebuildWorks()

        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.path("file")))
        let bad = directory.path("file/pages")
        #expect {
            try PagesBuilder(catalog: catalog, layout: layout, outDirectory: bad).build()
        } throws: { error in
            guard let error = error as? OutputError else { return false }
            return error.output == "pages to" && error.failure == .cannotCreate
        }
        #expect(try catalog.recordedPages() == first.pages, "works still describes the set on disk")
        for (index, ids) in first.pages.enumerated() {
            #expect(try String(contentsOfFile: "\(good)/\(index + 1).txt", encoding: .utf8) == ids.map { "\($0)\n" }.joined())
        }
    }
}
