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

@Suite("Pages and pictures")
struct PagesRequireImageTests {
    @Test("the layout written is recorded for etl images, and read back")
    func recordedLayout() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record((1...12).map { CatalogFixture.fetched($0) })
        try catalog.rebuildWorks()
        #expect(try PagesBuilder.recordedLayout(in: catalog) == nil)
        let layout = PageLayout(pageCount: 3, pageSize: 2, order: .id, seed: 9)
        _ = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: directory.path("pages")).build()
        #expect(try PagesBuilder.recordedLayout(in: catalog) == layout)
        #expect(PageSettings(stored: "pages=3 page-size=x order=id seed=0") == nil)
        #expect(PageSettings(stored: "pages=3 page-size=2 order=random seed=0") == nil)
    }

    @Test("--require-image without any etl images run pages nothing, and says so")
    func requireImageWithoutImages() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record((1...5).map { CatalogFixture.fetched($0) })
        try catalog.rebuildWorks()
        let result = try PagesBuilder(
            catalog: catalog, layout: PageLayout(pageCount: 2, pageSize: 5), outDirectory: directory.path("pages"),
            requireImage: true
        ).build()
        #expect(result.pages.map(\.count) == [0, 0])
        #expect(result.withoutImage == 5)
        #expect(try catalog.imageCoverage().kept == 5)
        #expect(try catalog.imageCoverage().keptVerified == 0)
    }
}
