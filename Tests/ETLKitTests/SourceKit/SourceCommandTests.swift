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

/// The real binary on Flickr and TMDB catalogs: exit codes, the credential
/// kept out of stdout, stderr and `--json`, and the other commands.
@Suite("Sources through the executable", .serialized)
struct SourceCommandTests {
    @Test("etl crawl --source tmdb: the token never printed; a wrong one exits 1; none exits 78; the Met refused on a TMDB catalog")
    func tmdbThroughTheBinary() async throws {
        let fixture = try SourceFixture(.tmdb, mockOptions: ["--movies", "200", "--seed", "8"])
        let base = ["crawl", "--source", "tmdb", "--api", "\(fixture.mock.api)/3", "--catalog", fixture.catalogPath,
                    "--out", fixture.crawl.pagesPath, "--rate", "unlimited"]
        let run = try ETLRun.run(base + ["--json"], environment: ["TMDB_READ_TOKEN": SourceFixture.tmdbToken])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.source == .tmdb && summary.kept > 0)
        #expect(summary[count: TMDBFigure.pagesLostToWholePageDecode] == (try await fixture.mock.expected())["pages_with_incomplete"]?.int)
        for text in [run.standardOutput, run.standardError] { #expect(!text.contains(SourceFixture.tmdbToken)) }
        let metadata = try String(contentsOfFile: CatalogMetadata.path(besideCatalog: fixture.catalogPath), encoding: .utf8)
        #expect(metadata.contains("This product uses the TMDB API but is not endorsed or certified by TMDB."))
        #expect(metadata.contains("\"tmdb_movies\""))

        let wrong = try ETLRun.run(base, environment: ["TMDB_READ_TOKEN": "wrong-token-123"])
        #expect(wrong.exitCode == 1)
        #expect(wrong.standardError == "Error: TMDB refused the credential (error 7: Invalid API key: You must be granted a valid key.); check TMDB_READ_TOKEN or TMDB_API_KEY\n")
        #expect(!wrong.standardOutput.contains("wrong-token-123"))

        // A refused token on a fresh path reads nothing: no pages folder appears.
        let freshPages = fixture.crawl.path("fresh/pages")
        let fresh = try ETLRun.run(
            ["crawl", "--source", "tmdb", "--api", "\(fixture.mock.api)/3", "--catalog", fixture.crawl.path("fresh/catalog.sqlite"),
             "--out", freshPages], environment: ["TMDB_READ_TOKEN": "wrong-token-123"])
        #expect(fresh.exitCode == 1 && !FileManager.default.fileExists(atPath: freshPages))

        let none = try ETLRun.run(base)
        #expect(none.exitCode == 78)
        #expect(none.standardError == "Error: --source tmdb needs an API credential in TMDB_READ_TOKEN or TMDB_API_KEY; get one at https://www.themoviedb.org/settings/api\n")
        let forged = try ETLRun.run(base, environment: ["TMDB_API_KEY": "abcdefgh\r\nX-Evil: 1"])
        #expect(forged.exitCode == 78)
        let malformed = "is shorter than 8 characters or holds spaces or control characters; expected the key as issued (printable ASCII)"
        #expect(forged.standardError == "Error: TMDB_API_KEY \(malformed)\n")
        let short = try ETLRun.run(base, environment: ["TMDB_READ_TOKEN": "abc1234"])
        #expect(short.exitCode == 78 && short.standardError == "Error: TMDB_READ_TOKEN \(malformed)\n")

        let before = try fixture.writtenBytes()
        let met = try ETLRun.run(["crawl", "--catalog", fixture.catalogPath, "--out", fixture.crawl.pagesPath, "--api", fixture.mock.api, "--quiet"])
        #expect(met.exitCode == 65)
        #expect(met.standardError == "Error: catalog '\(fixture.catalogPath)' holds tmdb data, not met; pass '--source tmdb' or another --catalog; it was left untouched\n")
        #expect(try fixture.writtenBytes() == before)
        #expect(try fixture.writtenBytes().range(of: Data(SourceFixture.tmdbToken.utf8)) == nil)
    }

    @Test("pages, status, export and images work on a Flickr catalog")
    func otherCommandsOnFlickr() async throws {
        let fixture = try SourceFixture(.flickr, mockOptions: ["--photos", "400", "--seed", "9"])
        let summary = try await fixture.run(fixture.options())
        #expect(summary.kept > 300)

        // A Flickr catalog's IDs never go into the Met's folders.
        let before = try fixture.crawl.pageBytes()
        let wrong = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", fixture.crawl.pagesPath, "--pages", "4"])
        #expect(wrong.exitCode == 65)
        #expect(wrong.standardError == "Error: catalog '\(fixture.catalogPath)' holds flickr data, not met; pass '--source flickr' or another --catalog; it was left untouched\n")
        #expect(try fixture.crawl.pageBytes() == before)
        let wrongImages = try ETLRun.run(["images", "--catalog", fixture.catalogPath, "--dir", fixture.crawl.path("met-images")])
        #expect(wrongImages.exitCode == 65 && !FileManager.default.fileExists(atPath: fixture.crawl.path("met-images")))

        let pages = try ETLRun.run([
            "pages", "--source", "flickr", "--catalog", fixture.catalogPath, "--out", fixture.crawl.pagesPath, "--pages", "4", "--page-size", "10",
        ])
        #expect(pages.exitCode == 0)
        #expect(try fixture.crawl.pagedIDs(count: 4).count == 40)

        let status = try ETLRun.run(["status", "--catalog", fixture.catalogPath, "--json"])
        let parsed = try JSONDecoder().decode(CatalogStatus.self, from: Data(status.standardOutput.utf8))
        #expect(parsed.kept == summary.kept && parsed.source == .flickr)
        let text = try ETLRun.run(["status", "--source", "flickr", "--catalog", fixture.catalogPath]).standardOutput
        #expect(text.hasPrefix("source          flickr (each crawl reads the whole list)\nobjects known   \(summary.listed ?? -1)\n"))
        #expect(!text.contains("cursor"))
        #expect(parsed.rejected.keys.allSatisfy { (FlickrReason.allCases.map(\.reason) + [.invalidID]).contains($0) })

        let export = fixture.crawl.path("works.csv")
        let exported = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--table", "works", "--format", "csv", "--out", export])
        #expect(exported.exitCode == 0, "\(exported.standardError)")
        let lines = try String(contentsOfFile: export, encoding: .utf8).split(whereSeparator: \.isNewline)
        #expect(lines.count == summary.kept + 1)
        // The kept photos carry Flickr's own columns: licence and link back without a join.
        let header = lines.first.map { $0.split(separator: ",").map(String.init) } ?? []
        #expect(Set(header).isSuperset(of: ["license_name", "owner_name", "photo_page_url", "date_upload"]))
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let differing = try catalog.database.fetchOne(sql: """
            SELECT count(*) AS n FROM works w JOIN flickr_photos p USING (object_id)
             WHERE w.license_name IS NOT p.license_name OR w.photo_page_url IS NOT p.photo_page_url
            """)?.int("n")
        #expect(differing == 0)

        // Pictures come from the source's host (the mock stands in for live.staticflickr.com).
        let images = fixture.crawl.path("images")
        let run = try ETLRun.run([
            "images", "--source", "flickr", "--catalog", fixture.catalogPath, "--dir", images, "--rate", "unlimited", "--image-hosts", "127.0.0.1",
        ])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let stored = try FileManager.default.contentsOfDirectory(atPath: images).filter { $0.hasSuffix(".jpg") }
        #expect(stored.count == 40)
        // Decoded like the Met's: a thumbnail, a placeholder, a colour and a hash per picture.
        let thumbs = try FileManager.default.contentsOfDirectory(atPath: images + "/thumbs").filter { $0.hasSuffix(".webp") }
        #expect(thumbs.count == 40)
        #expect(try catalog.database.fetchOne(sql: """
            SELECT count(*) AS n FROM images WHERE state = 'ok' AND thumb_file IS NOT NULL AND placeholder IS NOT NULL
               AND color IS NOT NULL AND length(phash) = 16
            """)?.int("n") == 40)
        // Without --image-hosts only Flickr's host is allowed: the mock's URLs are refused, never fetched.
        try await fixture.mock.resetStats()
        let refused = try ETLRun.run([
            "images", "--source", "flickr", "--catalog", fixture.catalogPath, "--dir", fixture.crawl.path("other"), "--rate", "unlimited", "--all",
            "--retry-failed",
        ])
        #expect(refused.exitCode == 0, "\(refused.standardError)")
        #expect((try await fixture.mock.stats())["image_requests"]?.int == 0)
        let errors = try catalog.database.fetchAll(sql: "SELECT DISTINCT failure, error FROM images WHERE state = 'failed'")
        #expect(errors.count == 1)
        #expect(errors.first?.string("failure") == "invalid_url")
        #expect(errors.first?.string("error")?.contains("not an image host of the source (live.staticflickr.com)") == true)
    }

    @Test("scripts/nightly --source tmdb: its own dated log, the report of its catalog, the token in neither")
    func nightlyTMDB() async throws {
        let fixture = try SourceFixture(.tmdb, mockOptions: ["--movies", "100"])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.script("nightly"))
        process.arguments = ["--source", "tmdb", "--api", "\(fixture.mock.api)/3", "--catalog", fixture.catalogPath,
                             "--out", fixture.crawl.pagesPath, "--rate", "unlimited"]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "ETL_BIN": TestPaths.etlExecutable, "ETL_LOG_DIR": fixture.crawl.path("logs"), "ETL_MAX_DURATION": "1m",
            "TMDB_READ_TOKEN": SourceFixture.tmdbToken,
        ]) { $1 }
        let firstDay = Timestamp.day(of: Date())
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let days = [firstDay, Timestamp.day(of: Date())]
        let (names, log) = try RunDays.logs(in: fixture.crawl.path("logs"), prefix: "crawl-tmdb", during: days)
        #expect(names.count == 1 && days.contains { names.first == "crawl-tmdb-\($0).log" }, "\(names), days \(days)")
        #expect(log.contains("crawl completed (full)") && log.contains("tmdb: 5 pages read once"))
        #expect(log.contains("wrote the report to \(fixture.crawl.path("report.html"))"))
        #expect(!log.contains(SourceFixture.tmdbToken))
        let report = try String(contentsOfFile: fixture.crawl.path("report.html"), encoding: .utf8)
        #expect(!report.contains(SourceFixture.tmdbToken))
    }
}
