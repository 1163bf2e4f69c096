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
import Store
import FetchEngine

/// `etl report` on a catalog built by real crawls and an image run on the
/// mock with faults and blocks: every figure equals the catalog's, the page
/// is reproducible, and bad input fails cleanly.
@Suite("etl report", .serialized)
struct ReportTests {
    /// A catalog with two crawls, an image run, and a failed run whose
    /// error holds markup and a control character.
    private static func makeCatalog() async throws -> ImageFixture {
        let fixture = try await ImageFixture(mockOptions: [
            "--seed", "4", "--fail-5xx", "0.05", "--html200", "0.02",
            // More than 25 requests in a minute: tripped however slowly a loaded
            // machine serves the mock (25 in 2 s was not, in a full suite on
            // two busy cores), with no wall-clock rate to reach.
            "--block-limit", "25", "--block-window", "60", "--block-penalty", "0.3",
        ])
        var options = fixture.crawl.options(api: fixture.mock.api)
        options.isFull = true
        options.pacing.maxAttempts = 8
        options.pacing.maxDuration = 600
        _ = try await fixture.crawl.crawl(options)
        _ = try await fixture.images()
        let catalog = try fixture.catalog()
        try catalog.database.execute(sql: """
            INSERT INTO runs (started_at, finished_at, status, mode, error)
            VALUES ('2026-11-30T23:00:00.000Z', '2026-11-30T23:00:01.000Z', 'failed', 'incremental',
                    '<script>alert(1)</script>' || char(27) || '[31m')
            """)
        return fixture
    }

    /// `data-k` figures of a page, by key.
    static func figures(in html: String) -> [String: String] {
        var figures: [String: String] = [:]
        for match in html.matches(of: /data-k="([^"]*)">([^<]*)<\/span>/) {
            let key = String(match.output.1).replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
            #expect(figures[key] == nil, "\(key) appears twice")
            figures[key] = String(match.output.2)
        }
        return figures
    }

    private static func number(_ text: String?) -> Int? {
        text.flatMap { Int($0.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "+", with: "")) }
    }

    @Test("every figure on the page equals the catalog's")
    func figuresMatchTheCatalog() async throws {
        let fixture = try await Self.makeCatalog()
        var options = ReportOptions()
        options.catalogPath = fixture.catalogPath
        let path = try ReportBuilder(options: options).run()
        #expect(path == fixture.crawl.path("report.html"))
        let html = try String(contentsOfFile: path, encoding: .utf8)
        var figures = Self.figures(in: html)
        let database = try Database(path: fixture.catalogPath, create: false, readOnly: true)
        func count(_ sql: String) throws -> Int { try database.fetchOne(sql: sql)?[0].integerValue ?? -1 }
        func check(_ key: String, _ expected: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(Self.number(figures.removeValue(forKey: key)) == expected, "\(key)", sourceLocation: sourceLocation)
        }

        check("kept", try count("SELECT count(*) FROM works"))
        check("paged", try count("SELECT count(*) FROM works WHERE page IS NOT NULL"))
        check("objects", try count("SELECT count(*) FROM objects"))
        check("fetched", try count("SELECT count(*) FROM objects WHERE state = 'fetched'"))
        check("queued", try count("SELECT count(*) FROM objects WHERE needs_fetch = 1 AND is_listed = 1"))
        check("runs", try count("SELECT count(*) FROM runs"))
        check("blocks-total", try count("SELECT sum(blocks) FROM runs"))
        #expect(try count("SELECT sum(blocks) FROM runs") > 0)
        let images = try Catalog.open(path: fixture.catalogPath, create: false).status().images
        check("images-paged", images.paged)
        check("images-paged-verified", images.pagedVerified)
        #expect(images.pagedVerified > 0)
        for (name, value) in [("paged", images.paged), ("paged verified", images.pagedVerified), ("kept", images.kept),
                              ("kept verified", images.keptVerified), ("failed", images.failed)] {
            check("images:\(name)", value)
        }
        // The Met's facets: its departments and classifications.
        for column in ["department", "classification"] {
            for row in try database.fetchAll(sql: "SELECT coalesce(\(column), '') AS d, count(*) AS n FROM works GROUP BY d") {
                check("\(column):\(row.string("d") ?? "?")", row.int("n") ?? -1)
            }
        }
        for row in try database.fetchAll(sql: "SELECT reason, count(*) AS n FROM rejections GROUP BY reason") {
            check("rejected:\(row.string("reason") ?? "?")", row.int("n") ?? -1)
        }
        // Centuries counted here from the years themselves.
        var centuries: [String: Int] = [:]
        for row in try database.fetchAll(sql: "SELECT object_begin_date AS y FROM works") {
            guard let year = row.int("y") else { centuries["unknown", default: 0] += 1; continue }
            let century = year > 0 ? (year - 1) / 100 + 1 : -((-year) / 100 + 1)
            centuries[Catalog.centuryName(century), default: 0] += 1
        }
        #expect(!centuries.isEmpty)
        for (name, value) in centuries { check("century:\(name)", value) }
        for row in try database.fetchAll(sql: "SELECT * FROM runs") {
            let id = row.int("id") ?? -1
            for column in ["requests", "blocks", "fetched", "failed", "kept"] {
                check("table-\(id)-\(column)", row.int(column) ?? -1)
            }
            check("table-\(id)-kept-delta", row.int("kept_delta") ?? -1)
            #expect(figures.removeValue(forKey: "table-\(id)-status") == row.string("status"))
            check("run-\(id)-requests", row.int("requests") ?? -1)
            check("run-\(id)-blocks", row.int("blocks") ?? -1)
            check("run-\(id)-kept-delta", row.int("kept_delta") ?? -1)
            #expect(figures.removeValue(forKey: "run-\(id)-duration") == FigureText.duration(row.double("duration_seconds") ?? -1))
        }
        let imageRuns = try database.fetchAll(sql: """
            SELECT run_started_at AS s, sum(requests) AS r, sum(ok) AS ok, sum(failed) AS f, sum(blocks) AS b
              FROM run_minutes WHERE kind = 'images' GROUP BY run_started_at
            """)
        #expect(imageRuns.count == 1)
        for row in imageRuns {
            let key = "images-run-\(row.string("s") ?? "?")"
            check("\(key)-requests", row.int("r") ?? -1)
            check("\(key)-saved", row.int("ok") ?? -1)
            check("\(key)-failed", row.int("f") ?? -1)
            check("\(key)-blocks", row.int("b") ?? -1)
        }
        #expect(figures.isEmpty, "figures not checked: \(figures.keys.sorted())")
        // Every number cell is a checked figure.
        #expect(html.components(separatedBy: "<td class=\"num\">").dropFirst().allSatisfy { $0.hasPrefix("<span data-k=") })

        // A rate chart for each crawl and image run long enough to chart
        // (RateResolution), plain figures for the others; and three trends.
        // A crawl's length is its runs row's; an image run's, its minutes'.
        let lengths = try database.fetchAll(sql: """
            SELECT duration_seconds AS s FROM runs WHERE id IN (SELECT run_id FROM run_minutes)
            UNION ALL
            SELECT sum(seconds) AS s FROM run_minutes WHERE kind = 'images' GROUP BY run_started_at
            """).map { $0.double("s") ?? 0 }
        #expect(lengths.count == 3)
        let charted = lengths.filter { RateResolution(runSeconds: $0) != nil }.count
        #expect(html.components(separatedBy: "<svg class=\"line-chart\"").count - 1 == charted + 3)
        #expect(html.components(separatedBy: "<p class=\"run-brief\">").count - 1 == lengths.count - charted)
        #expect(html.contains("<rect class=\"band\""))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;\u{FFFD}[31m") && !html.contains("<script"))
        // Self-contained: nothing fetched.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src="))
    }

    @Test("the same catalog gives the same bytes but for the generated-at line")
    func deterministic() async throws {
        let fixture = try await Self.makeCatalog()
        var options = ReportOptions()
        options.catalogPath = fixture.catalogPath
        options.outPath = fixture.crawl.path("a.html")
        try ReportBuilder(options: options).run(now: Date(timeIntervalSince1970: 1_000))
        let first = try Data(contentsOf: URL(fileURLWithPath: options.resolvedOutPath))
        try ReportBuilder(options: options).run(now: Date(timeIntervalSince1970: 1_000))
        #expect(try Data(contentsOf: URL(fileURLWithPath: options.resolvedOutPath)) == first)
        options.outPath = fixture.crawl.path("b.html")
        try ReportBuilder(options: options).run(now: Date(timeIntervalSince1970: 90_000))
        let second = try Data(contentsOf: URL(fileURLWithPath: options.resolvedOutPath))
        #expect(second != first)
        func withoutGenerated(_ data: Data) -> [Substring] {
            String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("<p class=\"generated\">") }
        }
        #expect(withoutGenerated(first) == withoutGenerated(second))
        #expect(String(decoding: first, as: UTF8.self).contains("<p class=\"generated\">Generated at 1970-01-01T00:16:40.000Z</p>"))
        // --runs bounds the runs shown in detail and in the table.
        options.runLimit = 1
        try ReportBuilder(options: options).run()
        let one = try String(contentsOfFile: options.resolvedOutPath, encoding: .utf8)
        #expect(Self.figures(in: one).keys.filter { $0.hasPrefix("table-") && $0.hasSuffix("-status") } == ["table-3-status"])
    }

    @Test("etl report through the executable: output line, status line, errors")
    func commandLine() async throws {
        let fixture = try await ImageFixture()
        let catalog = fixture.catalogPath
        let before = try ETLRun.run(["status", "--catalog", catalog], timeout: 60)
        #expect(before.standardOutput.contains("report          none yet; 'etl report' writes \(fixture.crawl.path("report.html"))\n"))
        let run = try ETLRun.run(["report", "--catalog", catalog], timeout: 60)
        #expect(run.exitCode == 0 && run.standardError == "")
        #expect(run.standardOutput == "wrote the report to \(fixture.crawl.path("report.html"))\n")
        let after = try ETLRun.run(["status", "--catalog", catalog], timeout: 60)
        #expect(after.standardOutput.contains("report          \(fixture.crawl.path("report.html")) (written by 'etl report')\n"))

        let usage = try ETLRun.run(["report", "--catalog", catalog, "--runs", "0"], timeout: 60)
        #expect(usage.exitCode == 64)
        #expect(usage.standardError == """
            Error: Invalid value '0' for '--runs': expected an integer from 1 to 1000
            Usage: etl report [<options>]
              See 'etl report --help' for more information.

            """)
        let folder = try ETLRun.run(["report", "--catalog", catalog, "--out", fixture.crawl.folder.path], timeout: 60)
        #expect(folder.exitCode == 73 && folder.standardOutput == "")
        #expect(folder.standardError == "Error: cannot write the report '\(fixture.crawl.folder.path)': it is a directory\n")
        let foreign = fixture.crawl.path("notes.html")
        try Data("<html>mine</html>".utf8).write(to: URL(fileURLWithPath: foreign))
        let refused = try ETLRun.run(["report", "--catalog", catalog, "--out", foreign], timeout: 60)
        #expect(refused.exitCode == 73)
        #expect(refused.standardError == "Error: cannot write the report '\(foreign)': the file exists and is not an etl report\n")
        #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "<html>mine</html>")
        let nowhere = fixture.crawl.path("missing/report.html")
        let noFolder = try ETLRun.run(["report", "--catalog", catalog, "--out", nowhere], timeout: 60)
        #expect(noFolder.exitCode == 73)
        #expect(noFolder.standardError == "Error: cannot write the report '\(nowhere)': its folder '\(fixture.crawl.path("missing"))' does not exist\n")
        let missing = try ETLRun.run(["report", "--catalog", fixture.crawl.path("none.sqlite")], timeout: 60)
        #expect(missing.exitCode != 0 && missing.standardError.hasPrefix("Error: no catalog at "))
        #expect(!FileManager.default.fileExists(atPath: fixture.crawl.path("none.sqlite")))
    }
}
