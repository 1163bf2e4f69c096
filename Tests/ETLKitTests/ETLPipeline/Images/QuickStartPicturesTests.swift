import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLPictures

/// The offline quick start shows pictures: `mock_api.py --pictures` serves a
/// real-looking picture per record (varied sizes, a few near copies), `etl
/// images` verifies them into the folder it names, and `etl gallery` shows
/// them — the README's commands, through the real binary.
@Suite("Quick start pictures", .serialized)
struct QuickStartPicturesTests {
    @Test("crawl, images and gallery against the mock's pictures: every paged picture verified, sizes vary, near copies found")
    func picturesInTheQuickStart() throws {
        let folder = TemporaryDirectory()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"), options: ["--pictures"])
        let catalog = folder.path("quickstart/catalog.sqlite")
        let images = folder.path("quickstart/images")
        let crawl = try ETLRun.run(
            ["crawl", "--api", mock.api, "--rate", "unlimited", "--catalog", catalog, "--out", folder.path("quickstart/pages"), "--quiet"],
            timeout: 300)
        #expect(crawl.exitCode == 0, "\(crawl.standardError)")
        let run = try ETLRun.run(
            ["images", "--catalog", catalog, "--dir", images, "--image-hosts", "127.0.0.1", "--rate", "unlimited", "--quiet"],
            timeout: 600)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("\n  folder \(images)\n"), "the summary names the folder it used")
        let database = try Catalog.open(path: catalog, create: false).database
        // Oracle: the page files the crawl wrote.
        let paged = try FileManager.default.contentsOfDirectory(atPath: folder.path("quickstart/pages"))
            .filter { $0.hasSuffix(".txt") }
            .map { try String(contentsOfFile: folder.path("quickstart/pages/\($0)"), encoding: .utf8) }
            .flatMap { $0.split(separator: "\n") }.count
        let verified = try database.fetchAll(sql: "SELECT width, height FROM images WHERE state = 'ok'")
        #expect(paged > 0 && verified.count == paged)
        let sizes = Set(verified.map { "\($0.int("width") ?? 0)x\($0.int("height") ?? 0)" })
        #expect(sizes.count >= 10, "varied sizes: \(sizes.sorted())")
        #expect(verified.allSatisfy { ($0.int("width") ?? 0) >= 160 })
        let copies = try database.fetchOne(
            sql: "SELECT count(*) AS n FROM rejections WHERE reason IN ('near_duplicate_image', 'duplicate_image')")?.int("n") ?? 0
        #expect(copies > 0, "a few near copies")
        let gallery = try ETLRun.run(["gallery", "--catalog", catalog], timeout: 120)
        #expect(gallery.exitCode == 0, "\(gallery.standardError)")
        let page = try String(contentsOfFile: folder.path("quickstart/gallery/page-1.html"), encoding: .utf8)
        #expect(page.contains("../images/thumbs/"))
    }
}
