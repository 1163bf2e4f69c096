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
import Store

/// `etl images` with decoding: what reaches the catalog, the folders and
/// the bundles, from real pictures answered by a scripted host.
@Suite("Pictures through etl images", .serialized)
struct PicturePipelineTests {
    /// Works 1…n with their own picture URLs on images.example, answered
    /// with the named fixtures (work IDs without one get a 404).
    static func setUp(_ directory: TemporaryDirectory, _ pictures: [Int: [UInt8]], works: Int) throws -> (ImageOptions, ScriptedImageClient) {
        let catalog = try CatalogFixture.open(directory)
        try catalog.record((1...works).map {
            CatalogFixture.fetched($0, title: "Work \($0)", ["primaryImageSmall": .string(url($0))])
        })
        try catalog.rebuildWorks()
        var answers: [String: ScriptedImageClient.Answer] = [:]
        for id in 1...works {
            answers[url(id)] = pictures[id].map { ScriptedImageClient.image($0, "image/jpeg") } ?? .success(HTTPResponse(status: 404, body: []))
        }
        var options = ImageOptions()
        options.catalogPath = directory.path("catalog.sqlite")
        options.directory = directory.path("images")
        options.isAll = true
        options.pacing.rate = .unlimited
        options.pacing.maxAttempts = 2
        options.imageHosts.widen(with: ["images.example"])
        return (options, ScriptedImageClient(answers))
    }

    static func url(_ id: Int) -> String { "https://images.example/\(id).jpg" }

    static func fixture(_ name: String) throws -> [UInt8] { try ImageDimensionsTests.fixture(name) }

    static func rows(_ options: ImageOptions) throws -> [Int: Row] {
        let catalog = try Catalog.open(path: options.catalogPath, create: false)
        var rows: [Int: Row] = [:]
        for row in try catalog.database.fetchAll(sql: "SELECT * FROM images") { rows[row.int("object_id") ?? 0] = row }
        return rows
    }

    /// Resized and re-encoded copies are `near_duplicate_image`, identical
    /// bytes stay `duplicate_image`, and `--require-image` pages neither.
    @Test func nearCopiesAreMarkedExactly() async throws {
        let directory = TemporaryDirectory()
        let photo = try Self.fixture("photo-1200x800.jpg")
        let (options, client) = try Self.setUp(directory, [
            1: try Self.fixture("near-original-1000x700.jpg"), 2: try Self.fixture("near-other-1000x700.jpg"),
            3: try Self.fixture("near-copy-700x490.jpg"), 4: photo, 5: photo, 6: try Self.fixture("photo-800x500.webp"),
            7: try Self.fixture("halves-300x200.png"), 8: try Self.fixture("grey.jpg"),
        ], works: 8)
        let summary = try await ImageDownloader(options: options, client: client).run()
        #expect(summary.downloaded == 8 && summary.failed == 0)
        let catalog = try Catalog.open(path: options.catalogPath, create: false)
        #expect(try catalog.rejectionPairs() == ["3:near_duplicate_image", "5:duplicate_image"])
        let result = try PagesBuilder(
            catalog: catalog, layout: PageLayout(pageCount: 1, pageSize: 10, order: .id),
            outDirectory: directory.path("pages"), requireImage: true).build()
        #expect(result.pages == [[1, 2, 4, 6, 7, 8]])
    }

    /// A decompression bomb's header and a truncated JPEG are never `ok`,
    /// whether answered now or found in the folder from an older etl; zero
    /// padding after a whole JPEG is.
    @Test func bombsAndTruncationsAreNeverOK() async throws {
        let directory = TemporaryDirectory()
        let photo = try Self.fixture("photo-1200x800.jpg")
        let cut = Array(photo.prefix(photo.count / 2))
        let (options, client) = try Self.setUp(directory, [
            1: try Self.fixture("bomb-100000x100000.png"), 2: cut, 3: cut + [0xFF, 0xD9],
            4: photo + [UInt8](repeating: 0, count: 1 << 20),
        ], works: 4)
        let summary = try await ImageDownloader(options: options, client: client).run()
        #expect(summary.downloaded == 1)
        let rows = try Self.rows(options)
        #expect(rows[1]?.string("failure") == "too_large")
        #expect(rows[1]?.string("error") == "the header says 100000×100000 pixels, above the limits of 20000×20000 and 200000000 pixels")
        #expect(rows[2]?.string("failure") == "truncated")
        #expect(rows[3]?.string("failure") == "truncated" || rows[3]?.string("failure") == "undecodable")
        #expect(rows[3]?.string("error")?.hasPrefix("the decoder says: ") == true)
        #expect(rows[4]?.string("state") == "ok" && rows[4]?.int("width") == 1200 && rows[4]?.int("bytes") == photo.count + (1 << 20))
        #expect(client.calls(Self.url(1)) == 1, "too_large is final")
    }

    /// An older etl recorded the bomb `ok` from its header: the next run
    /// decodes it, records `too_large` and deletes the file, unrequested.
    @Test func aBombFromAnOlderRunIsRefused() async throws {
        let directory = TemporaryDirectory()
        let bomb = try Self.fixture("bomb-100000x100000.png")
        let (options, client) = try Self.setUp(directory, [:], works: 1)
        let catalog = try Catalog.open(path: options.catalogPath, create: false)
        let images = ImageDirectory(path: options.directory)
        try images.create()
        try catalog.setSetting(Catalog.imageDirectoryKey, to: images.path)
        try images.write(bomb, as: "1.png")
        try catalog.recordImages([ImageResult(
            objectID: 1, url: Self.url(1), outcome: .saved(ImageFile(name: "1.png", kind: .png, bytes: bomb.count, sha256: SHA256.hex(of: bomb))),
            httpStatus: 200, contentType: "image/png", fetchedAt: CatalogFixture.date, attempts: 1)])
        #expect(try Self.rows(options)[1]?.int("width") == 100_000)
        let summary = try await ImageDownloader(options: options, client: client).run()
        #expect(summary.failures == ["too_large": 1] && summary.decodedAgain == 0)
        #expect(client.calls(Self.url(1)) == 0)
        #expect(try Self.rows(options)[1]?.string("state") == "failed")
        #expect(images.size(of: "1.png") == nil)
    }

    /// Pictures of a catalog from before decoding get their facts from the
    /// files on disk, no request made; a rerun decodes nothing; another
    /// --thumb-size or --thumb-format decodes again and replaces the thumbnails.
    @Test func olderCatalogsGetFactsWithoutDownloading() async throws {
        let fixture = try await ImageFixture()
        let first = try await fixture.images()
        #expect(first.downloaded > 0 && first.failed == 0)
        let made = try fixture.rows().mapValues { $0.string("placeholder") }
        let catalog = try fixture.catalog()
        try catalog.database.execute(sql: "UPDATE images SET \(Catalog.factColumns.map { "\($0) = NULL" }.joined(separator: ", "))")
        for name in try fixture.thumbFiles() { unlink(fixture.directory.filePath("thumbs/\(name)")) }
        let requests = try await fixture.imageRequests()

        let second = try await fixture.images()
        #expect(second.decodedAgain == first.downloaded && second.downloaded == 0 && second.cached == first.downloaded)
        #expect(try await fixture.imageRequests() == requests)
        #expect(try fixture.rows().mapValues { $0.string("placeholder") } == made)
        #expect(try fixture.verifyFolderMatchesRows() == first.downloaded)

        let third = try await fixture.images()
        #expect(third.decodedAgain == 0 && third.downloaded == 0)

        let smaller = try await fixture.images { $0.pictures.thumbSize = 4; $0.pictures.thumbFormat = .jpeg }
        #expect(smaller.decodedAgain == first.downloaded)
        #expect(try fixture.rows().values.allSatisfy { $0.int("thumb_width") == 4 && $0.string("thumb_file")?.hasSuffix(".jpg") == true })
        #expect(try fixture.thumbFiles().allSatisfy { $0.hasSuffix(".jpg") })
        #expect(try fixture.verifyFolderMatchesRows() == first.downloaded)
    }

    /// Thumbnails of a catalog whose thumbnails are of an older revision
    /// (before revision 1, WebP thumbnails kept the source's EXIF) are made
    /// again once from the files on disk, no request made; then not again.
    @Test func thumbnailsOfAnOlderRevisionAreMadeAgainOnce() async throws {
        let fixture = try await ImageFixture()
        let first = try await fixture.images()
        #expect(first.downloaded > 0 && first.failed == 0)
        let catalog = try fixture.catalog()
        #expect(try catalog.setting(Catalog.thumbnailRevisionKey) == String(PictureMaker.thumbnailRevision))
        try catalog.database.execute(sql: "DELETE FROM settings WHERE key = '\(Catalog.thumbnailRevisionKey)'")
        let requests = try await fixture.imageRequests()

        let second = try await fixture.images()
        #expect(second.decodedAgain == first.downloaded && second.downloaded == 0)
        #expect(try await fixture.imageRequests() == requests)
        #expect(try catalog.setting(Catalog.thumbnailRevisionKey) == String(PictureMaker.thumbnailRevision))
        #expect(try fixture.verifyFolderMatchesRows() == first.downloaded)

        let third = try await fixture.images()
        #expect(third.decodedAgain == 0 && third.downloaded == 0)
    }

    /// Bundles carry the verified picture's facts, and reruns write the same bytes.
    @Test func bundlesCarryThePictureAndAreStable() async throws {
        let directory = TemporaryDirectory()
        let (options, client) = try Self.setUp(directory, [
            1: try Self.fixture("exif-rotated-600x400.jpg"), 2: try Self.fixture("halves-300x200.png"),
        ], works: 3)
        _ = try await ImageDownloader(options: options, client: client).run()
        let catalog = try Catalog.open(path: options.catalogPath, create: false)
        let layout = PageLayout(pageCount: 1, pageSize: 10, order: .id)
        _ = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: directory.path("pages"), writesBundles: true).build()
        let bundle = try #require(FileManager.default.contents(atPath: directory.path("pages/1.json")))
        let entries = try #require(try JSONSerialization.jsonObject(with: bundle) as? [[String: Any]])
        let row = try #require(Self.rows(options)[1])
        #expect(entries[0]["width"] as? Int == 400 && entries[0]["height"] as? Int == 600)
        #expect(entries[0]["thumb"] as? String == "thumbs/1.webp")
        #expect(entries[0]["placeholder"] as? String == row.string("placeholder"))
        #expect(entries[0]["color"] as? String == row.string("color"))
        #expect(entries[2]["thumb"] == nil && entries[2]["width"] == nil, "no picture, no picture fields")
        _ = try await ImageDownloader(options: options, client: client).run()
        _ = try PagesBuilder(catalog: catalog, layout: layout, outDirectory: directory.path("pages"), writesBundles: true).build()
        #expect(FileManager.default.contents(atPath: directory.path("pages/1.json")) == bundle)
    }
}
