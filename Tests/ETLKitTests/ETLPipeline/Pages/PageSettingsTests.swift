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

/// The page settings the catalog keeps between runs, through the real
/// binary as the README's quick start and `scripts/nightly` use it.
@Suite("Page settings kept in the catalog", .serialized)
struct PageSettingsTests {
    let directory = TemporaryDirectory()
    var catalog: String { directory.path("c.sqlite") }
    var pages: String { directory.path("pages") }

    private func etl(_ arguments: [String], api: String? = nil) throws -> ETLRun {
        var line = arguments + ["--catalog", catalog, "--out", pages]
        if let api { line += ["--api", api, "--rate", "unlimited", "--quiet"] }
        let run = try ETLRun.run(line, timeout: 120)
        #expect(run.exitCode == 0, "etl \(line.joined(separator: " ")): \(run.standardError)")
        return run
    }

    private func page(_ number: Int) -> Data? {
        FileManager.default.contents(atPath: "\(pages)/\(number).txt")
    }

    /// The lines of stderr that announce a change of the kept settings.
    private func notices(_ run: ETLRun) -> [String] {
        run.standardError.split(separator: "\n").map(String.init).filter { $0.contains("kept in the catalog for later") }
    }

    @Test("pages --order id, then a bare crawl: page 1 stays byte-identical; a given option changes the settings once and they stay")
    func keptAcrossCommands() throws {
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        defer { mock.stop() }
        let first = try etl(["crawl"], api: mock.api)
        #expect(notices(first) == [], "the defaults on a new catalog are no change")
        let ordered = try etl(["pages", "--order", "id"])
        #expect(notices(ordered).count == 1)
        #expect(notices(ordered).first?.hasSuffix("pages: --order id (was shuffle); kept in the catalog for later crawl and pages runs") == true)
        let pageOne = try #require(page(1))
        // The oracle for "id order": the catalog's kept IDs, ascending.
        let kept = try Catalog.open(path: catalog, create: false).keptIDs().sorted()
        #expect(String(decoding: pageOne, as: UTF8.self) == kept.prefix(100).map { "\($0)\n" }.joined())

        let bare = try etl(["crawl"], api: mock.api)
        #expect(notices(bare) == [])
        #expect(page(1) == pageOne, "a crawl without --order keeps the catalog's order")
        #expect(bare.standardOutput.contains("page lines changed 0"))

        let fewer = try etl(["crawl", "--pages", "3", "--page-size", "10"], api: mock.api)
        #expect(notices(fewer).count == 1)
        #expect(notices(fewer).first?.contains("--pages 3 (was 30), --page-size 10 (was 100)") == true)
        #expect(page(1) == Data(kept.prefix(10).map { "\($0)\n" }.joined().utf8), "still in id order")
        #expect(page(4) == nil, "3 pages now")

        let again = try etl(["pages"])
        #expect(notices(again) == [])
        #expect(again.standardOutput.hasPrefix("wrote 3 pages (30 works, \(kept.count - 30) not paged) to \(pages); 0 lines changed"))
        let same = try etl(["pages", "--pages", "3"])
        #expect(notices(same) == [], "giving the kept value changes nothing and says nothing")

        let status = try ETLRun.run(["status", "--catalog", catalog], timeout: 60)
        #expect(status.standardOutput.contains(
            "page settings   --pages 3 --page-size 10 --order id --seed 0\n"
                + "                --require-image off --bundles off (later crawl and pages runs keep them)\n"))
    }

    @Test("--bundles is kept until --no-bundles")
    func flagsKept() throws {
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        defer { mock.stop() }
        _ = try etl(["crawl", "--pages", "2"], api: mock.api)
        let bundled = try etl(["pages", "--bundles"])
        #expect(notices(bundled).first?.contains("--bundles on (was off)") == true)
        try FileManager.default.removeItem(atPath: "\(pages)/1.json")
        _ = try etl(["crawl"], api: mock.api)
        #expect(FileManager.default.fileExists(atPath: "\(pages)/1.json"), "the crawl wrote the bundles again")
        let off = try etl(["pages", "--no-bundles"])
        #expect(notices(off).first?.contains("--bundles off (was on)") == true)
        let settings = try #require(try PagesBuilder.recordedSettings(in: Catalog.open(path: catalog, create: false)))
        #expect(!settings.writesBundles && settings.layout.pageCount == 2)
    }

    @Test("the stored text reads back; catalogs from before the flags were kept read them as off")
    func storedText() {
        var settings = PageSettings(layout: PageLayout(pageCount: 4, pageSize: 7, order: .id, seed: 9), requireImage: true)
        settings.writesBundles = true
        #expect(settings.stored == "pages=4 page-size=7 order=id seed=9 require-image=on bundles=on")
        #expect(PageSettings(stored: settings.stored) == settings)
        #expect(PageSettings(stored: "pages=30 page-size=100 order=shuffle seed=0") == PageSettings())
        #expect(PageSettings(stored: "pages=30 page-size=100 order=shuffle seed=0 bundles=maybe") == nil)
    }

    @Test("given fields win, the others are the catalog's")
    func resolution() {
        let stored = PageSettings(layout: PageLayout(pageCount: 5, pageSize: 9, order: .id, seed: 3), requireImage: true)
        var request = PageSettings(layout: PageLayout(pageCount: 7))
        #expect(request.resolved(over: stored) == stored, "nothing given: the catalog's")
        request.given = [.pages]
        var expected = stored
        expected.layout.pageCount = 7
        expected.given = [.pages]
        #expect(request.resolved(over: stored) == expected)
        #expect(expected.changes(from: stored) == ["--pages 7 (was 5)"])
        #expect(request.resolved(over: nil) == request, "a new catalog: what was asked, defaults for the rest")
    }
}
