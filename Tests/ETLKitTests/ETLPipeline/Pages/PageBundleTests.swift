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

/// Works with verified pictures: `N.json` bundles and the `duplicate_image` reason.
@Suite("Page bundles and duplicate images")
struct PageBundleTests {
    /// Works 1…6 with their own picture URLs; pictures for 1, 2, 3 and 5,
    /// where 5's file is byte-identical to 2's.
    static func catalogWithPictures(_ directory: TemporaryDirectory, failing: Set<Int> = []) throws -> Catalog {
        let catalog = try CatalogFixture.open(directory)
        try catalog.record((1...6).map {
            CatalogFixture.fetched($0, title: "Work \($0)", ["primaryImageSmall": .string("https://images.example/\($0).jpg")])
        })
        try catalog.rebuildWorks()
        let images = ImageDirectory(path: directory.path("images"))
        try images.create()
        try catalog.setSetting(Catalog.imageDirectoryKey, to: images.path)
        let files = [1: "rgb.png", 2: "baseline.jpg", 3: "lossy.webp", 5: "baseline.jpg"]
        var results: [ImageResult] = []
        for (id, fixture) in files.sorted(by: { $0.key < $1.key }) {
            let bytes = try ImageDimensionsTests.fixture(fixture)
            let kind = try #require(ImageKind(sniffing: bytes))
            let outcome: ImageResult.Outcome
            if failing.contains(id) {
                outcome = .failed(.status, reason: "HTTP 500")
            } else {
                let file = ImageFile(name: ImageFile.name(objectID: id, kind: kind), kind: kind, bytes: bytes.count,
                                     sha256: SHA256.hex(of: bytes))
                try images.write(bytes, as: file.name)
                outcome = .saved(file)
            }
            results.append(ImageResult(objectID: id, url: "https://images.example/\(id).jpg", outcome: outcome,
                                       httpStatus: 200, contentType: nil, fetchedAt: CatalogFixture.date, attempts: 1))
        }
        try catalog.recordImages(results)
        return catalog
    }

    @Test func duplicatePictureIsAReasonAndLeavesRequiredImagePages() throws {
        let directory = TemporaryDirectory()
        let catalog = try Self.catalogWithPictures(directory)
        #expect(try catalog.rejectionPairs() == ["5:duplicate_image"])
        #expect(try catalog.database.fetchOne(sql: "SELECT first_reason FROM rejected_objects WHERE object_id = 5")?
            .string("first_reason") == "duplicate_image")
        let layout = PageLayout(pageCount: 2, pageSize: 10, order: .id)
        let strict = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: directory.path("p1"), requireImage: true).build()
        #expect(strict.pages == [[1, 2, 3], []])
        let loose = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: directory.path("p2")).build()
        #expect(loose.pages == [[1, 2, 3, 4, 5, 6], []])
        // Sizes come from the saved files' headers.
        let sizes = try catalog.database.fetchAll(sql: "SELECT object_id, width, height FROM images ORDER BY object_id")
            .map { "\($0.int("object_id") ?? 0):\($0.int("width") ?? 0)x\($0.int("height") ?? 0)" }
        #expect(sizes == ["1:37x23", "2:37x23", "3:37x23", "5:37x23"])
    }

    /// Until both pictures are verified, nothing is a duplicate.
    @Test func onlyVerifiedPicturesCount() throws {
        let directory = TemporaryDirectory()
        let catalog = try Self.catalogWithPictures(directory, failing: [2])
        #expect(try catalog.rejectionPairs() == [])
        #expect(try catalog.duplicateImageIDs() == [])
    }

    @Test func bundlesSitBesideThePagesInOneSetAndRepeatByteForByte() throws {
        let directory = TemporaryDirectory()
        let catalog = try Self.catalogWithPictures(directory)
        let layout = PageLayout(pageCount: 3, pageSize: 2, order: .shuffle, seed: 7)
        let out = directory.path("pages")
        let first = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: out, writesBundles: true).build()
        let files = try FileManager.default.contentsOfDirectory(atPath: first.folder).sorted()
        #expect(files == ["1.json", "1.txt", "2.json", "2.txt", "3.json", "3.txt"])
        var ids: [[Int]] = []
        for page in 1...3 {
            let text = try String(contentsOfFile: "\(out)/\(page).txt", encoding: .utf8)
            let lineIDs = text.split(separator: "\n").compactMap { Int($0) }
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(page).json"))
            let works = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            #expect(works.compactMap { $0["objectID"] as? Int } == lineIDs, "page \(page)")
            for work in works {
                let id = try #require(work["objectID"] as? Int)
                #expect(work["title"] as? String == "Work \(id)")
                #expect(work["primaryImageSmall"] as? String == "https://images.example/\(id).jpg")
                #expect(work["rights"] as? String == "CC0 1.0" && work["rightsURL"] as? String == Rights.cc0.url)
                #expect(work["width"] as? Int == ([1, 2, 3, 5].contains(id) ? 37 : nil))
                #expect(work["height"] as? Int == ([1, 2, 3, 5].contains(id) ? 23 : nil))
            }
            #expect(String(decoding: data, as: UTF8.self).hasPrefix("[\n{\"objectID\":\(lineIDs[0]),\"title\":"))
            ids.append(lineIDs)
        }
        #expect(ids == first.pages)
        let before = try (1...3).map { try Data(contentsOf: URL(fileURLWithPath: "\(first.folder)/\($0).json")) }
        let second = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: out, writesBundles: true).build()
        #expect(second.folder != first.folder, "a new generation")
        let after = try (1...3).map { try Data(contentsOf: URL(fileURLWithPath: "\(second.folder)/\($0).json")) }
        #expect(after == before)
    }

    @Test func inPlaceFolderGetsBundlesAndLosesStaleOnes() throws {
        let directory = TemporaryDirectory()
        let catalog = try Self.catalogWithPictures(directory)
        let out = directory.path("plain")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let wide = PageLayout(pageCount: 3, pageSize: 2, order: .id)
        _ = try PagesBuilder(catalog: catalog, layout: wide, outDirectory: out, writesBundles: true).build()
        let narrow = PageLayout(pageCount: 2, pageSize: 2, order: .id)
        _ = try PagesBuilder(catalog: catalog, layout: narrow, outDirectory: out, writesBundles: true).build()
        // Beside them, only the manifest of what etl wrote.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted()
                == [WrittenFiles.fileName, "1.json", "1.txt", "2.json", "2.txt"])
        #expect(Set(WrittenFiles(folder: out, accepts: PageWriter.isPageName).names()) == ["1.json", "1.txt", "2.json", "2.txt"])
    }

    /// `crawl --bundles` writes the bundles with the pages it writes.
    @Test func crawlWritesBundlesWithItsPages() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        var options = fixture.options(api: mock.api)
        options.paging.writesBundles = true
        _ = try await fixture.crawl(options)
        var bundled: [Int] = []
        for page in 1...options.paging.layout.pageCount {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(fixture.pagesPath)/\(page).json"))
            let works = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            bundled += works.compactMap { $0["objectID"] as? Int }
        }
        #expect(bundled == (try fixture.pagedIDs()))
        #expect(bundled.count == min(SampleSummary.committedSample.kept, options.paging.layout.pageCount * options.paging.layout.pageSize))
    }

    @Test("etl pages --bundles with the real binary")
    func realBinary() throws {
        let directory = TemporaryDirectory()
        let catalog = try Self.catalogWithPictures(directory)
        let out = directory.path("out")
        let run = try ETLRun.run(["pages", "--catalog", catalog.path, "--out", out, "--bundles", "--pages", "2", "--page-size", "3"], timeout: 60)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: out + "/2.json"))
        #expect(FileManager.default.fileExists(atPath: directory.path("metadata.json")))
    }
}
