import Foundation
import Testing
@testable import AICSource
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPipeline
@testable import SourceRegistry

/// The real binary on an AIC catalog: no credential needed, the other
/// commands as on any catalog, and catalogs of other sources refused.
@Suite("AIC through the executable", .serialized)
struct AICCommandTests {
    @Test("crawl --source aic with no credential; pages with bundles, status, export, report, gallery and images on its catalog")
    func commandsOnAIC() async throws {
        let fixture = try AICFixture(["--artworks", "600", "--seed", "8"])
        let base = ["crawl", "--source", "aic", "--api", fixture.api, "--catalog", fixture.catalogPath, "--out", fixture.crawl.pagesPath]
        // An empty environment: AIC asks for no key.
        let run = try ETLRun.run(base + ["--rate", "unlimited", "--json", "--contact", "data@example.org"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(run.standardOutput.utf8))
        let expected = try await fixture.mock.expected()
        #expect(summary.source == .aic && summary.kept == expected["kept"]?.int && summary.windows == 1)
        // Every request named etl and the contact, as AIC asks.
        let agents = try await fixture.mock.stats()["aic_user_agents"]
        #expect(agents == .object(["etl/\(ETLVersion.current) (data@example.org)": .integer(Int64(summary.requests))]))
        let forged = try ETLRun.run(base + ["--contact", "a@b.org\r\nX-Evil: 1"])
        #expect(forged.exitCode == 64)
        #expect(forged.standardError.hasPrefix("Error: Invalid value 'a@b.org\\r\\nX-Evil: 1' for '--contact': expected an e-mail address or URL in printable ASCII without spaces, e.g. you@example.org\n"))
        let metadata = try String(contentsOfFile: CatalogMetadata.path(besideCatalog: fixture.catalogPath), encoding: .utf8)
        #expect(metadata.contains("\"aic_artworks\"") && metadata.contains("CC0 1.0 (the Art Institute of Chicago's data; description not stored)"))

        let pages = try ETLRun.run(["pages", "--source", "aic", "--catalog", fixture.catalogPath, "--out", fixture.crawl.pagesPath,
                                    "--pages", "4", "--page-size", "10", "--bundles"])
        #expect(pages.exitCode == 0, "\(pages.standardError)")
        let paged = try fixture.crawl.pagedIDs(count: 4)
        let kept = Set(try fixture.keptIDs())
        #expect(paged.count == 40 && Set(paged).isSubset(of: kept))
        let bundle = try MockJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(fixture.crawl.pagesPath)/1.json")))
        #expect((bundle.array?.count ?? bundle["works"]?.array?.count) == 10)

        let status = try ETLRun.run(["status", "--catalog", fixture.catalogPath, "--json"])
        let parsed = try JSONDecoder().decode(CatalogStatus.self, from: Data(status.standardOutput.utf8))
        #expect(parsed.kept == summary.kept && parsed.source == .aic)

        // JSON Lines: artist_display holds newlines ("Claude Monet\nFrench, 1840-1926"), which JSON escapes.
        let export = fixture.crawl.path("works.jsonl")
        let exported = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--table", "works", "--format", "jsonl", "--out", export])
        #expect(exported.exitCode == 0, "\(exported.standardError)")
        let lines = try String(contentsOfFile: export, encoding: .utf8).split(whereSeparator: \.isNewline)
        #expect(lines.count == summary.kept)
        let first = try MockJSON.decode(Data(lines[0].utf8))
        for column in ["artwork_url", "image_id", "classification_title", "main_reference_number"] { #expect(first[column] != nil, "\(column)") }

        let report = fixture.crawl.path("report.html")
        let reported = try ETLRun.run(["report", "--source", "aic", "--catalog", fixture.catalogPath, "--out", report])
        #expect(reported.exitCode == 0, "\(reported.standardError)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("\(summary.kept)"))

        // Pictures through the pictures pipeline, from the mock standing in for www.artic.edu's IIIF server.
        let images = fixture.crawl.path("images")
        let fetched = try ETLRun.run(["images", "--source", "aic", "--catalog", fixture.catalogPath, "--dir", images,
                                      "--rate", "unlimited", "--image-hosts", "127.0.0.1"])
        #expect(fetched.exitCode == 0, "\(fetched.standardError)")
        // The mock paints landscapes as PNG (scripts/mock_pictures.py), whatever the IIIF URL says.
        let stored = try FileManager.default.contentsOfDirectory(atPath: images).filter { $0.hasSuffix(".png") }
        #expect(stored.count == 40)
        let gallery = fixture.crawl.path("gallery")
        let drawn = try ETLRun.run(["gallery", "--source", "aic", "--catalog", fixture.catalogPath, "--out", gallery])
        #expect(drawn.exitCode == 0, "\(drawn.standardError)")
        let page = try String(contentsOfFile: "\(gallery)/page-1.html", encoding: .utf8)
        #expect(page.contains("https://www.artic.edu/artworks/\(paged[0])"))
    }

    @Test("the Met and Flickr refused on an AIC catalog, AIC refused on a Flickr catalog: exit 65, nothing changed")
    func otherSourcesRefused() async throws {
        let fixture = try AICFixture(["--artworks", "300", "--seed", "9"])
        _ = try await fixture.run(fixture.options())
        try await fixture.mock.resetStats()
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.catalogPath))
        let met = try ETLRun.run(["crawl", "--catalog", fixture.catalogPath, "--out", fixture.crawl.pagesPath, "--api", fixture.mock.api, "--quiet"])
        #expect(met.exitCode == 65)
        #expect(met.standardError == "Error: catalog '\(fixture.catalogPath)' holds aic data, not met; pass '--source aic' or another --catalog; it was left untouched\n")
        let flickrPages = try ETLRun.run(["pages", "--source", "flickr", "--catalog", fixture.catalogPath, "--out", fixture.crawl.path("f")])
        #expect(flickrPages.exitCode == 65)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.catalogPath)) == before)

        let flickr = try SourceFixture(.flickr, mockOptions: ["--photos", "50"])
        _ = try await flickr.run(flickr.options())
        let aic = try ETLRun.run(["crawl", "--source", "aic", "--api", fixture.api, "--catalog", flickr.catalogPath,
                                  "--out", flickr.crawl.pagesPath, "--rate", "unlimited"])
        #expect(aic.exitCode == 65)
        #expect(aic.standardError == "Error: catalog '\(flickr.catalogPath)' holds flickr data, not aic; pass '--source flickr' or another --catalog; it was left untouched\n")
        #expect(try await fixture.mock.stats()["search_requests"]?.int == 0, "refused before the API was asked")
    }
}
