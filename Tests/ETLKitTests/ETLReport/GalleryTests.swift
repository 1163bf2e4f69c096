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

/// `etl gallery` files (scripts/check-gallery renders them in Chromium).
@Suite("Gallery pages", .serialized)
struct GalleryTests {
    @Test func pagesShowThumbnailsCaptionsAndSafeLinks() async throws {
        let directory = TemporaryDirectory()
        let (options, client) = try PicturePipelineTests.setUp(directory, [
            1: try PicturePipelineTests.fixture("photo-1200x800.jpg"), 2: try PicturePipelineTests.fixture("halves-300x200.png"),
        ], works: 3)
        let catalog = try Catalog.open(path: options.catalogPath, create: false)
        try catalog.database.execute(sql: """
            UPDATE works SET title = '<script>alert(1)</script>', object_url = 'javascript:alert(1)' WHERE object_id = 2;
            UPDATE works SET object_url = 'https://www.example.org/1?a=1&b=2' WHERE object_id = 1;
            UPDATE works SET rights_url = 'javascript:alert(2)' WHERE object_id = 2;
            """)
        _ = try await ImageDownloader(options: options, client: client).run()
        _ = try PagesBuilder(catalog: catalog, layout: PageLayout(pageCount: 2, pageSize: 2, order: .id), outDirectory: directory.path("pages")).build()
        var gallery = GalleryOptions()
        gallery.catalogPath = options.catalogPath
        gallery.outDirectory = directory.path("gallery")
        let written = try GalleryBuilder(options: gallery).run()
        #expect(written == [directory.path("gallery/page-1.html"), directory.path("gallery/page-2.html")])
        let first = try String(contentsOfFile: written[0], encoding: .utf8)
        let row = try #require(PicturePipelineTests.rows(options)[1])
        #expect(first.contains(#"<img src="../images/thumbs/1.webp" width="400" height="267" alt="Work 1">"#))
        #expect(first.contains(#"style="background-color:\#(row.string("color") ?? "?");aspect-ratio:400/267""#))
        #expect(first.contains(#"data-hash="\#(row.string("placeholder") ?? "?")""#))
        #expect(first.contains(#"<a href="https://www.example.org/1?a=1&amp;b=2" rel="noopener">met #1</a>"#))
        #expect(first.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !first.contains("javascript:"))
        // The licence beside each work: linked to its text, or plain text when that is no web link.
        #expect(first.contains(#"<a class="rights" href="https://creativecommons.org/publicdomain/zero/1.0/" rel="license noopener">CC0 1.0</a>"#))
        #expect(first.contains(#"<span class="rights">CC0 1.0</span>"#))
        #expect(first.contains(#"<a href="page-2.html">Page 2 →</a>"#))
        let second = try String(contentsOfFile: written[1], encoding: .utf8)
        #expect(second.contains("No picture yet") && !second.contains("<img"))
        // The same catalog, the same bytes.
        _ = try GalleryBuilder(options: gallery).run()
        #expect(try String(contentsOfFile: written[0], encoding: .utf8) == first)
        gallery.page = 2
        #expect(try GalleryBuilder(options: gallery).run() == [written[1]])
        gallery.page = 3
        #expect(throws: GalleryError.noSuchPage(3, count: 2)) { try GalleryBuilder(options: gallery).run() }
        #expect(CommandRunner.exitCode(for: GalleryError.noSuchPage(3, count: 2)) == .dataError)
    }

    @Test func aCatalogWithoutWorksIsRefusedAsPagesWouldBe() throws {
        let directory = TemporaryDirectory()
        _ = try CatalogFixture.open(directory)
        var gallery = GalleryOptions()
        gallery.catalogPath = directory.path("catalog.sqlite")
        #expect(throws: GalleryError.noWorks(catalog: gallery.catalogPath)) { try GalleryBuilder(options: gallery).run() }
        #expect(!FileManager.default.fileExists(atPath: directory.path("gallery")))
    }

    @Test func relativePaths() {
        #expect(GalleryBuilder.relativePath(from: "/a/b/gallery", to: "/a/b/images") == "../images/")
        #expect(GalleryBuilder.relativePath(from: "/a/g", to: "/a/g") == "")
        #expect(GalleryBuilder.relativePath(from: "/a/b/c", to: "/x") == "../../../x/")
        #expect(GalleryPage.urlPath("../my images/thumbs/1.webp") == "../my%20images/thumbs/1.webp")
    }
}
