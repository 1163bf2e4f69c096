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

/// `--source` and the options only Flickr or TMDB take: their values,
/// the defaults each source brings, and the exact text of every error.
@Suite("Command-line source options")
struct CLISourceOptionsTests {
    struct ParseFailure: Error, CustomStringConvertible {
        var description: String
    }

    private func crawl(_ arguments: [String]) throws -> CrawlOptions {
        let command = try ETLCommand.parse(["crawl"] + arguments)
        guard case .crawl(let options, _) = command else { throw ParseFailure(description: "expected .crawl, got \(command)") }
        return options
    }

    // MARK: Values

    @Test("Flickr's search options fill FlickrQuery; licences and sizes are checked")
    func flickrQuery() throws {
        let options = try crawl([
            "--source", "flickr", "--text", "red fox", "--tags=fox,red", "--license", "9,10,9,0", "--image-size", "z",
        ])
        #expect(options.source == .flickr)
        #expect(options[settings: FlickrQuery.self].text == "red fox")
        #expect(options[settings: FlickrQuery.self].tags == "fox,red")
        #expect(options[settings: FlickrQuery.self].license == "9,10,0", "repeats dropped")
        #expect(options[settings: FlickrQuery.self].imageSize == "z")
        #expect(options[settings: FlickrQuery.self].imageBase == FlickrQuery().imageBase)
        #expect(options[settings: TMDBQuery.self] == TMDBQuery())
        #expect(try crawl(["--source", "flickr", "--tags", "cat"])[settings: FlickrQuery.self].text == nil)
    }

    @Test("TMDB's region is uppercased and its language written as en or en-US")
    func tmdbQuery() throws {
        let options = try crawl(["--source", "tmdb", "--region", "us", "--language", "EN-us"])
        #expect(options.source == .tmdb)
        #expect(options[settings: TMDBQuery.self].region == "US")
        #expect(options[settings: TMDBQuery.self].language == "en-US")
        #expect(options[settings: FlickrQuery.self] == FlickrQuery())
        #expect(try crawl(["--source=tmdb", "--language=pt"])[settings: TMDBQuery.self].language == "pt")
        // TMDB's list turns over faster than the Met's: half may go in a night, not 10%.
        #expect(options.maxWithdrawPercent == 50)
        #expect(try crawl(["--source", "tmdb", "--max-withdraw", "20%"]).maxWithdrawPercent == 20)
        #expect(try crawl(["--source", "flickr", "--text", "a"]).maxWithdrawPercent == 10)
    }

    // MARK: Source-dependent defaults

    @Test("each source brings its own catalog, pages and API; Flickr a fixed rate, TMDB a lower ceiling")
    func sourceDefaults() throws {
        let met = try crawl([])
        #expect(met == CrawlOptions())
        #expect(met.catalogPath == "data/catalog.sqlite" && met.outDirectory == "data/pages")

        let flickr = try crawl(["--source", "flickr", "--text", "fox"])
        #expect(flickr.catalogPath == "data/flickr/catalog.sqlite")
        #expect(flickr.outDirectory == "data/flickr/pages")
        #expect(flickr.api == "https://api.flickr.com/services/rest")
        #expect(flickr.pacing.rate == .fixed(1))
        #expect(flickr.pacing.rateMax == PacingOptions().rateMax)

        let tmdb = try crawl(["--source", "tmdb"])
        #expect(tmdb.catalogPath == "data/tmdb/catalog.sqlite")
        #expect(tmdb.outDirectory == "data/tmdb/pages")
        #expect(tmdb.api == "https://api.themoviedb.org/3")
        #expect(tmdb.pacing.rate == .auto)
        #expect(tmdb.pacing.rateMax == 40)
    }

    @Test("given options beat the source's defaults, wherever --source stands")
    func givenOptionsWin() throws {
        let flickr = try crawl([
            "--rate", "auto", "--catalog", "c.sqlite", "--out", "p", "--api", "http://127.0.0.1:9/rest/",
            "--text", "fox", "--source", "flickr", "--max-withdraw", "50%",
        ])
        #expect(flickr.source == .flickr)
        #expect(flickr.pacing.rate == .auto)
        #expect(flickr.catalogPath == "c.sqlite" && flickr.outDirectory == "p")
        #expect(flickr.api == "http://127.0.0.1:9/rest")
        #expect(flickr.maxWithdrawPercent == 50, "--max-withdraw is valid with every source")
        #expect(try crawl(["--source", "tmdb", "--rate-max", "10"]).pacing.rateMax == 10)
        #expect(try crawl(["--source", "flickr", "--tags", "x", "--rate", "0.5"]).pacing.rate == .fixed(0.5))
    }

    @Test("--source picks the catalog and pages of pages, status, export and report, and the image host of images")
    func otherCommands() throws {
        guard case .pages(let pages) = try ETLCommand.parse(["pages", "--source", "flickr"]) else {
            Issue.record("pages was not parsed")
            return
        }
        #expect(pages.source == .flickr)
        #expect(pages.catalogPath == "data/flickr/catalog.sqlite" && pages.outDirectory == "data/flickr/pages")
        guard case .status(let statusCatalog, false, .tmdb) = try ETLCommand.parse(["status", "--source", "tmdb"]) else {
            Issue.record("status was not parsed")
            return
        }
        #expect(statusCatalog == "data/tmdb/catalog.sqlite")
        guard case .status("mine.sqlite", true, .tmdb) = try ETLCommand.parse(["status", "--json", "--catalog", "mine.sqlite", "--source", "tmdb"]) else {
            Issue.record("--catalog did not beat --source")
            return
        }
        guard case .export(let export) = try ETLCommand.parse(["export", "--source", "tmdb"]) else {
            Issue.record("export was not parsed")
            return
        }
        #expect(export.catalogPath == "data/tmdb/catalog.sqlite" && export.outPath == nil)
        guard case .report(let report) = try ETLCommand.parse(["report", "--source", "flickr"]) else {
            Issue.record("report was not parsed")
            return
        }
        #expect(report.catalogPath == "data/flickr/catalog.sqlite")
        #expect(report.resolvedOutPath == "data/flickr/report.html")
        guard case .images(let images, _) = try ETLCommand.parse(["images", "--source", "flickr"]) else {
            Issue.record("images was not parsed")
            return
        }
        #expect(images.catalogPath == "data/flickr/catalog.sqlite")
        #expect(images.imageHosts.names == ["live.staticflickr.com"])
        #expect(images.pacing == PacingOptions(), "the crawl's per-source pacing is for the API, not the image host")
        guard case .images(let widened, _) = try ETLCommand.parse(["images", "--image-hosts", "a.example", "--source", "tmdb"]) else {
            Issue.record("images was not parsed")
            return
        }
        #expect(widened.imageHosts.names == ["image.tmdb.org", "a.example"])
        guard case .images(let met, _) = try ETLCommand.parse(["images"]) else {
            Issue.record("images was not parsed")
            return
        }
        #expect(met.imageHosts == ImageHosts() && met.catalogPath == ImageOptions().catalogPath)
    }

    // MARK: Errors

    struct BadLine: Sendable, CustomStringConvertible {
        var arguments: [String]
        var message: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let licenceExpected = "licence IDs from 0 to 16 separated by commas, e.g. 9,10"
    static let sizeExpected = "one of Flickr's size letters s, q, t, m, n, w, z, c, b, h or k"
    static let regionExpected = "a country code of two letters such as US"
    static let languageExpected = "a language code such as en or en-US"

    static let badLines: [BadLine] = [
        .init(arguments: ["crawl", "--source", "web"], message: "Invalid value 'web' for '--source': expected met, flickr, tmdb, aic or cma"),
        .init(arguments: ["crawl", "--source", "flickr"], message: "--source flickr needs '--text <text>' or '--tags <tags>'"),
        .init(arguments: ["crawl", "--text", "fox"], message: "'--text' is only valid with '--source flickr'"),
        .init(arguments: ["crawl", "--source", "tmdb", "--tags", "fox"], message: "'--tags' is only valid with '--source flickr'"),
        .init(arguments: ["crawl", "--license", "9"], message: "'--license' is only valid with '--source flickr'"),
        .init(arguments: ["crawl", "--image-size", "z"], message: "'--image-size' is only valid with '--source flickr'"),
        .init(arguments: ["crawl", "--region", "US"], message: "'--region' is only valid with '--source tmdb'"),
        .init(arguments: ["crawl", "--source", "flickr", "--text", "a", "--language", "en"],
              message: "'--language' is only valid with '--source tmdb'"),
        .init(arguments: ["crawl", "--source", "flickr", "--text", "a", "--ids", "ids.txt"],
              message: "'--ids' is only valid with '--source met'"),
        .init(arguments: ["crawl", "--source", "tmdb", "--since", "2026-01-01"], message: "'--since' is only valid with '--source met'"),
        .init(arguments: ["crawl", "--source", "tmdb", "--csv", "m.csv"], message: "'--csv' is only valid with '--source met'"),
        .init(arguments: ["crawl", "--source", "tmdb", "--csv-skip"], message: "'--csv-skip' is only valid with '--source met'"),
        .init(arguments: ["crawl", "--full", "--source", "flickr", "--text", "a"], message: "'--full' is only valid with '--source met'"),
        .init(arguments: ["crawl", "--source", "flickr", "--text="], message: "Invalid value '' for '--text': expected a non-empty single line"),
        .init(arguments: ["crawl", "--source", "flickr", "--tags", "a\nb"],
              message: "Invalid value 'a\nb' for '--tags': expected a non-empty single line"),
        .init(arguments: ["crawl", "--source", "flickr", "--text", "a", "--license", "17"],
              message: "Invalid value '17' for '--license': expected \(licenceExpected)"),
        .init(arguments: ["crawl", "--source", "flickr", "--text", "a", "--license", "1,,2"],
              message: "Invalid value '1,,2' for '--license': expected \(licenceExpected)"),
        .init(arguments: ["crawl", "--source", "flickr", "--text", "a", "--license", "-1"],
              message: "Invalid value '-1' for '--license': expected \(licenceExpected)"),
        .init(arguments: ["crawl", "--source", "flickr", "--text", "a", "--license="],
              message: "Invalid value '' for '--license': expected \(licenceExpected)"),
        .init(arguments: ["crawl", "--source", "flickr", "--text", "a", "--image-size", "o"],
              message: "Invalid value 'o' for '--image-size': expected \(sizeExpected)"),
        .init(arguments: ["crawl", "--source", "flickr", "--text", "a", "--image-size", "M"],
              message: "Invalid value 'M' for '--image-size': expected \(sizeExpected). Did you mean 'm'? Values are case-sensitive."),
        .init(arguments: ["crawl", "--source", "flickr", "--text", "a", "--image-size", "mm"],
              message: "Invalid value 'mm' for '--image-size': expected \(sizeExpected). Did you mean 'm'?"),
        .init(arguments: ["crawl", "--source", "tmdb", "--region", "USA"],
              message: "Invalid value 'USA' for '--region': expected \(regionExpected)"),
        .init(arguments: ["crawl", "--source", "tmdb", "--region", "U1"],
              message: "Invalid value 'U1' for '--region': expected \(regionExpected)"),
        .init(arguments: ["crawl", "--source", "tmdb", "--region", "ÜS"],
              message: "Invalid value 'ÜS' for '--region': expected \(regionExpected)"),
        .init(arguments: ["crawl", "--source", "tmdb", "--language", "english"],
              message: "Invalid value 'english' for '--language': expected \(languageExpected)"),
        .init(arguments: ["crawl", "--source", "tmdb", "--language", "en-"],
              message: "Invalid value 'en-' for '--language': expected \(languageExpected)"),
        .init(arguments: ["crawl", "--source", "tmdb", "--language", "en-USA"],
              message: "Invalid value 'en-USA' for '--language': expected \(languageExpected)"),
        .init(arguments: ["crawl", "--source", "tmdb", "--rate-start", "50"],
              message: "--rate-start 50 is above --rate-max 40 (the default)"),
        .init(arguments: ["pages", "--source", "flickr", "--text", "a"], message: "Unknown option '--text'"),
        .init(arguments: ["status", "--source", "mars"], message: "Invalid value 'mars' for '--source': expected met, flickr, tmdb, aic or cma"),
        .init(arguments: ["images", "--source", "flickr", "--image-hosts", "a b"],
              message: "Invalid value 'a b' for '--image-hosts': expected host names separated by commas, e.g. images.metmuseum.org"),
    ]

    @Test("bad source options give exact one-line usage errors", arguments: badLines)
    func usageError(line: BadLine) {
        #expect(throws: UsageError(line.message, command: line.arguments[0])) {
            try ETLCommand.parse(line.arguments)
        }
    }
}
