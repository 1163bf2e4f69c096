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

/// Exit codes and error output of the real executable, each run on its own
/// temporary folder.
@Suite("Command-line exit codes and errors", .serialized)
struct CLIExitCodeTests {
    private func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Asserts that `run` failed with `code` and printed exactly one
    /// `Error: …` line on stderr and nothing on stdout; returns the message.
    @discardableResult
    private func expectOneErrorLine(_ run: ETLRun, exitCode code: Int32, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        #expect(run.exitCode == code, sourceLocation: sourceLocation)
        #expect(run.standardOutput == "", sourceLocation: sourceLocation)
        #expect(run.standardError.hasSuffix("\n"), sourceLocation: sourceLocation)
        let errorLines = lines(run.standardError)
        #expect(errorLines.count == 1, "stderr: \(run.standardError)", sourceLocation: sourceLocation)
        let line = errorLines.first ?? ""
        #expect(line.hasPrefix("Error: "), sourceLocation: sourceLocation)
        return String(line.dropFirst("Error: ".count))
    }

    private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    private func sqlite(_ path: String, _ sql: String) throws -> [Row] {
        try Database(path: path, create: false, readOnly: true).fetchAll(sql: sql)
    }

    // MARK: Usage errors

    @Test("a usage error is three lines on stderr, the usage shortened to one line, and exits 64")
    func crawlUsageError() throws {
        let run = try ETLRun.run(["crawl", "--pages", "abc"], timeout: 60)
        #expect(run.exitCode == 64)
        #expect(run.standardOutput == "")
        #expect(lines(CrawlCommand.spec.usage).count > 1, "the whole usage, which --help shows, takes several lines")
        #expect(run.standardError == """
            Error: Invalid value 'abc' for '--pages': expected an integer from 1 to 10000
            Usage: etl crawl [<options>]
              See 'etl crawl --help' for more information.

            """)
    }

    @Test("a usage error with a one-line usage is exactly three lines")
    func statusUsageError() throws {
        let run = try ETLRun.run(["plan", "--csv", "c.csv", "--nope"], timeout: 60)
        #expect(run.exitCode == 64)
        #expect(run.standardOutput == "")
        #expect(lines(run.standardError) == [
            "Error: Unknown option '--nope'",
            "Usage: etl plan --csv <path> [--api <url>] [--ids <file>] [--rate <r>] [--json]",
            "  See 'etl plan --help' for more information.",
        ])
    }

    @Test("a mistyped option gets the nearest one on the error line, in swift-argument-parser's words")
    func typoSuggestion() throws {
        let run = try ETLRun.run(["crawl", "--max-duraton", "6h"], timeout: 60)
        #expect(run.exitCode == 64)
        #expect(run.standardOutput == "")
        #expect(lines(run.standardError).first == "Error: Unknown option '--max-duraton'. Did you mean '--max-duration'?")
        let source = try ETLRun.run(["status", "--source", "Flickr"], timeout: 60)
        #expect(source.exitCode == 64)
        #expect(lines(source.standardError).first
            == "Error: Invalid value 'Flickr' for '--source': expected met, flickr, tmdb, aic or cma. Did you mean 'flickr'? Values are case-sensitive.")
    }

    @Test("a source option with the wrong source, or a bad value, exits 64 and creates nothing", arguments: [
        (["--text", "fox"], "'--text' is only valid with '--source flickr'"),
        (["--source", "flickr"], "--source flickr needs '--text <text>' or '--tags <tags>'"),
        (["--source", "tmdb", "--ids", "ids.txt"], "'--ids' is only valid with '--source met'"),
        (["--source", "tmdb", "--language", "english"], "Invalid value 'english' for '--language': expected a language code such as en or en-US"),
    ])
    func sourceOptionError(arguments: [String], message: String) throws {
        let folder = TemporaryDirectory()
        let run = try ETLRun.run(["crawl"] + arguments, timeout: 60, currentDirectory: folder.root)
        #expect(run.exitCode == 64)
        #expect(run.standardOutput == "")
        #expect(lines(run.standardError) == [
            "Error: \(message)",
            "Usage: etl crawl [<options>]",
            "  See 'etl crawl --help' for more information.",
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root) == [], "nothing created in the working folder")
    }

    @Test("no subcommand, or an unknown one, exits 64 with etl's own usage", arguments: [
        ([], "Missing subcommand; expected one of \(ETLCommand.specs.map(\.name).joined(separator: ", "))"),
        (["fetch"], "Unknown subcommand 'fetch'; expected one of \(ETLCommand.specs.map(\.name).joined(separator: ", "))"),
        (["help", "crawll"], "Unknown subcommand 'crawll'. Did you mean 'crawl'?"),
        (["help", "bogus"], "Unknown subcommand 'bogus'; expected one of \(ETLCommand.specs.map(\.name).joined(separator: ", "))"),
    ])
    func missingSubcommand(arguments: [String], message: String) throws {
        let run = try ETLRun.run(arguments, timeout: 60)
        #expect(run.exitCode == 64)
        #expect(run.standardOutput == "")
        #expect(lines(run.standardError) == [
            "Error: \(message)",
            "Usage: etl <subcommand> [options]",
            "  See 'etl --help' for more information.",
        ])
    }

    @Test("a huge or tiny number is a usage error, not a crash", arguments: [
        ["--max-duration", "inf"], ["--cooldown", "1e300"], ["--timeout", "1e300"], ["--rate", "1e-300"],
    ])
    func overflowingNumber(option: [String]) throws {
        let folder = TemporaryDirectory()
        let run = try ETLRun.run(
            ["crawl"] + option + ["--api", "http://127.0.0.1:9", "--catalog", folder.path("catalog.sqlite"),
                                  "--out", folder.path("pages"), "--quiet"],
            timeout: 60)
        #expect(run.exitCode == 64, "stderr: \(run.standardError)")
        #expect(run.standardError.hasPrefix("Error: Invalid value '\(option[1])' for '\(option[0])': expected "))
        #expect(!exists(folder.path("catalog.sqlite")))
    }

    // MARK: Runtime errors

    @Test("an unreachable API on a fresh catalog exits 1, says what to do next and leaves no catalog, side file or lock behind")
    func unreachableAPI() throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("catalog.sqlite")
        // Port 9 (discard) on loopback: nothing listens, the connection is refused.
        let run = try ETLRun.run(
            ["crawl", "--api", "http://127.0.0.1:9", "--catalog", catalog, "--out", folder.path("pages"), "--max-attempts", "2"],
            timeout: 60)
        let message = expectOneErrorLine(run, exitCode: 1)
        #expect(message.hasPrefix("cannot list object IDs from http://127.0.0.1:9/objects: "))
        #expect(message.hasSuffix(
            ". No answer from this API yet, so no run was recorded: check the network or proxy (https_proxy), "
                + "give a reachable mirror with --api URL, or try the offline quick start in README.md (a mock API on 127.0.0.1)"))
        // Nothing is left for the next command to read as an empty catalog.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.root)
        #expect(left.isEmpty, "left behind: \(left)")
        let status = try ETLRun.run(["status", "--catalog", catalog], timeout: 60)
        #expect(status.standardError == "Error: no catalog at '\(catalog)'; run 'etl crawl' first or pass --catalog PATH\n")
        let pages = try ETLRun.run(["pages", "--catalog", catalog, "--out", folder.path("pages")], timeout: 60)
        #expect(pages.standardError.hasPrefix("Error: no catalog at '\(catalog)'"))
    }

    @Test("an unreachable API leaves a catalog that existed before, removing only the folders and files it created")
    func unreachableAPIKeepsWhatExisted() throws {
        let folder = TemporaryDirectory()
        // Folders the run creates go with it.
        let nested = folder.path("a/b/catalog.sqlite")
        let first = try ETLRun.run(
            ["crawl", "--api", "http://127.0.0.1:9", "--catalog", nested, "--out", folder.path("pages"), "--max-attempts", "1"],
            timeout: 60)
        #expect(first.exitCode == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root).isEmpty)
        // A catalog that existed (here empty, never crawled) stays, with no run recorded.
        let catalog = folder.path("catalog.sqlite")
        _ = try CatalogFixture.open(folder)
        let before = try sqlite(catalog, "SELECT count(*) AS n FROM sqlite_master").first?.int("n")
        let run = try ETLRun.run(
            ["crawl", "--api", "http://127.0.0.1:9", "--catalog", catalog, "--out", folder.path("pages"), "--max-attempts", "1"],
            timeout: 60)
        let message = expectOneErrorLine(run, exitCode: 1)
        #expect(message.contains("No answer from this API yet"))
        #expect(exists(catalog))
        #expect(try sqlite(catalog, "SELECT count(*) AS n FROM sqlite_master").first?.int("n") == before)
        #expect(try sqlite(catalog, "SELECT count(*) AS n FROM runs").first?.int("n") == 0)
        #expect(try sqlite(catalog, "SELECT count(*) AS n FROM run_minutes").first?.int("n") == 0)
        let status = try ETLRun.run(["status", "--catalog", catalog], timeout: 60)
        #expect(status.standardOutput.hasSuffix("runs            none\n"))
        let report = try ETLRun.run(["report", "--catalog", catalog], timeout: 60)
        #expect(report.exitCode == 0)
        let html = try String(contentsOfFile: folder.path("report.html"), encoding: .utf8)
        #expect(html.contains("<p>No crawl yet.</p>"))
        #expect(!html.contains("<div class=\"run\">"))
    }

    @Test("etl pages on a catalog without works exits 65, writes no page and keeps the page settings; the gallery says the same")
    func pagesWithoutWorks() throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("catalog.sqlite")
        _ = try CatalogFixture.open(folder)
        let settings = try sqlite(catalog, "SELECT key, value FROM settings ORDER BY key").map { "\($0.string("key") ?? "")=\($0.string("value") ?? "")" }
        let pages = try ETLRun.run(
            ["pages", "--catalog", catalog, "--out", folder.path("pages"), "--require-image", "--order", "id"], timeout: 60)
        let message = expectOneErrorLine(pages, exitCode: 65)
        #expect(message == "the catalog '\(catalog)' has no works yet (no crawl has kept any), so no pages were written "
            + "and the page settings were not changed; run 'etl crawl' first")
        #expect(!exists(folder.path("pages")))
        #expect(try sqlite(catalog, "SELECT key, value FROM settings ORDER BY key").map { "\($0.string("key") ?? "")=\($0.string("value") ?? "")" } == settings)
        let gallery = try ETLRun.run(["gallery", "--catalog", catalog, "--page", "1"], timeout: 60)
        #expect(expectOneErrorLine(gallery, exitCode: 65)
            == "the catalog \(catalog) has no works yet (no crawl has kept any), so it has no pages; run etl crawl first")
    }

    @Test("an unreachable API after a completed run is recorded as a failed run, without the first-run advice")
    func unreachableAfterHistory() throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("catalog.sqlite")
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        let first = try ETLRun.run(
            ["crawl", "--api", mock.api, "--rate", "unlimited", "--quiet", "--catalog", catalog, "--out", folder.path("pages")],
            timeout: 120)
        mock.stop()
        #expect(first.exitCode == 0)
        let run = try ETLRun.run(
            ["crawl", "--api", "http://127.0.0.1:9", "--catalog", catalog, "--out", folder.path("pages"), "--max-attempts", "2"],
            timeout: 60)
        let message = expectOneErrorLine(run, exitCode: 1)
        #expect(!message.contains("No answer from this API yet"))
        let runs = try sqlite(catalog, "SELECT status, error FROM runs ORDER BY id")
        #expect(runs.map { $0.string("status") } == ["completed", "failed"])
        #expect(runs.last?.string("error") == message)
    }

    /// What the real client says for `url`, where nothing listens: the
    /// oracle for the part of the error text that comes from curl.
    private static func refusal(of url: String) async throws -> String {
        do {
            _ = try await CurlClient(configuration: .init(userAgent: "etl-tests")).get(url)
        } catch let error as HTTPError {
            return error.description
        }
        Issue.record("\(url) answered")
        return ""
    }

    /// The advice after a first try that never got an answer.
    private static let neverReachedAdvice = ". No answer from this API yet, so no run was recorded: check the network or proxy (https_proxy), "
        + "give a reachable mirror with --api URL, or try the offline quick start in README.md (a mock API on 127.0.0.1)"

    @Test("crawl --ids against an unreachable API on a fresh catalog exits 1 as the listing does, naming the object tried, and leaves no catalog, lock, metadata or pages")
    func unreachableAPIWithIDs() async throws {
        let folder = TemporaryDirectory()
        let ids = folder.path("ids")
        try Data("1\n2\n".utf8).write(to: URL(fileURLWithPath: ids))
        let catalog = folder.path("catalog.sqlite")
        // One request at a time: object 1, first in the queue, is the first to fail.
        let run = try await ETLRun.runOffPool(
            ["crawl", "--ids", ids, "--api", "http://127.0.0.1:9", "--catalog", catalog, "--out", folder.path("pages"),
             "--max-attempts", "1", "--concurrency", "1", "--quiet"],
            timeout: 60)
        let refusal = try await Self.refusal(of: "http://127.0.0.1:9/objects/1")
        let message = expectOneErrorLine(run, exitCode: 1)
        #expect(message == "cannot fetch objects from http://127.0.0.1:9: \(refusal) (after 1 attempts)" + Self.neverReachedAdvice)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.root)
        #expect(left == ["ids"], "left behind: \(left)")
        let status = try await ETLRun.runOffPool(["status", "--catalog", catalog], timeout: 60)
        #expect(status.standardError == "Error: no catalog at '\(catalog)'; run 'etl crawl' first or pass --catalog PATH\n")
    }

    @Test("crawl --ids against an unreachable API after a completed run records a failed run, marks no object and leaves works, pages and metadata as they were")
    func unreachableAPIWithIDsAfterHistory() async throws {
        let fixture = try BadInputFixture()
        fixture.mock.stop()
        func objects() throws -> [String] {
            try sqlite(fixture.catalogPath, "SELECT object_id, state, needs_fetch, attempts, error, fetched_at FROM objects ORDER BY object_id")
                .map { row in ["object_id", "state", "needs_fetch", "attempts", "error", "fetched_at"].map { row.string($0) ?? "NULL" }.joined(separator: "|") }
        }
        let before = try fixture.snapshot()
        let rowsBefore = try objects()
        let metadata = fixture.folder.path("metadata.json")
        let metadataBefore = try #require(bytes(metadata))
        let pagesBefore = try FileManager.default.contentsOfDirectory(atPath: fixture.pagesPath).sorted()
        // An ID the catalog does not hold yet: it is queued, then tried, alone.
        #expect(try sqlite(fixture.catalogPath, "SELECT count(*) AS n FROM objects WHERE needs_fetch = 1").first?.int("n") == 0)
        let newID = try #require(try sqlite(fixture.catalogPath, "SELECT max(object_id) + 1 AS id FROM objects").first?.int("id"))
        let ids = fixture.folder.path("ids")
        try Data("\(newID)\n".utf8).write(to: URL(fileURLWithPath: ids))
        let run = try await ETLRun.runOffPool(fixture.crawlArguments(api: "http://127.0.0.1:9", ["--ids", ids]), timeout: 60)
        let refusal = try await Self.refusal(of: "http://127.0.0.1:9/objects/\(newID)")
        let message = expectOneErrorLine(run, exitCode: 1)
        #expect(message == "cannot fetch objects from http://127.0.0.1:9: \(refusal) (after 1 attempts)")
        let runs = try sqlite(fixture.catalogPath, "SELECT status, error, fetched, failed FROM runs ORDER BY id")
        #expect(runs.map { $0.string("status") } == ["completed", "failed"])
        #expect(runs.last?.string("error") == message)
        #expect(runs.last?.int("fetched") == 0 && runs.last?.int("failed") == 0, "no object was marked")
        // The ID registered by --ids stays queued, as it was before the first request; nothing else moved.
        var expected = before
        expected.objects += 1
        expected.listed += 1
        #expect(try fixture.snapshot() == expected)
        #expect(try objects() == rowsBefore + ["\(newID)|pending|1|0|NULL|NULL"])
        #expect(bytes(metadata) == metadataBefore)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.pagesPath).sorted() == pagesBefore)
    }

    @Test("an --out under a regular file exits 73 naming the pages folder, before any request or catalog")
    func unwritableOut() async throws {
        let folder = TemporaryDirectory()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        let file = folder.path("file")
        try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: file))
        let run = try ETLRun.run(
            ["crawl", "--api", mock.api, "--catalog", folder.path("catalog.sqlite"), "--out", folder.path("file/pages"),
             "--rate", "unlimited", "--quiet"],
            timeout: 60)
        let message = expectOneErrorLine(run, exitCode: 73)
        #expect(message == "cannot write pages to '\(folder.root)/file/pages': '\(folder.root)/file' is a regular file, not a directory")
        #expect(bytes(file) == Data("not a folder\n".utf8))
        #expect(!exists(folder.path("catalog.sqlite")), "checked before the catalog is created")
        #expect(try await mock.stats().requests == 0, "checked before any request")
    }

    @Test("a --catalog that is a text file exits 65 and is left untouched", arguments: ["crawl", "status", "pages"])
    func textFileCatalog(command: String) throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("notes.txt")
        let original = Data("my notes, not a database\n".utf8)
        try original.write(to: URL(fileURLWithPath: catalog))
        var arguments = [command, "--catalog", catalog]
        if command != "status" { arguments += ["--out", folder.path("pages")] }
        if command == "crawl" { arguments += ["--api", "http://127.0.0.1:9", "--quiet"] }
        let message = expectOneErrorLine(try ETLRun.run(arguments, timeout: 60), exitCode: 65)
        #expect(message == "'\(catalog)' is not an etl catalog (not an SQLite database); it was left untouched")
        #expect(bytes(catalog) == original)
        #expect(!exists(catalog + "-wal"))
        #expect(!exists(catalog + "-shm"))
        #expect(!exists(catalog + "-journal"))
        #expect(!exists(folder.path("pages")))
    }

    @Test("a catalog missing a table its version has (dropped by hand) exits 65 as damaged, with no SQL printed, and is left as it was",
          arguments: [("v8", "page_lines", "pages"), ("v8", "runs", "status"), ("v1", "runs", "export"), ("v5", "runs", "status")])
    func catalogMissingATable(version: String, table: String, command: String) throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("c.sqlite")
        if version == "v8" {
            let fixture = try BadInputFixture()
            try FileManager.default.copyItem(atPath: fixture.catalogPath, toPath: catalog)
        } else {
            _ = try CatalogFixture.shipped(version, path: catalog)
        }
        try Database(path: catalog, create: false).execute(sql: "PRAGMA foreign_keys = OFF; DROP TABLE \(table)")
        let original = try #require(bytes(catalog))
        var arguments = [command, "--catalog", catalog]
        if command == "pages" { arguments += ["--out", folder.path("pages")] }
        let message = expectOneErrorLine(try ETLRun.run(arguments, timeout: 60), exitCode: 65)
        #expect(message == "\(CatalogError.damaged(path: catalog))")
        // Not even the header's journal mode (an old catalog's upgrade
        // switched it to WAL before the migration found the table missing).
        #expect(bytes(catalog) == original)
        #expect((try? FileManager.default.attributesOfItem(atPath: catalog + "-wal")[.size] as? Int) ?? 0 == 0)
    }

    @Test("a --catalog naming a file as a folder (a '/' at its end) exits 65 and is left untouched", arguments: ["status", "pages", "export", "crawl"])
    func catalogWithTrailingSlash(command: String) throws {
        let folder = TemporaryDirectory()
        let file = folder.path("c.sqlite")
        _ = try CatalogFixture.shipped("v7", path: file)
        let original = try #require(bytes(file))
        var arguments = [command, "--catalog", file + "/"]
        if ["crawl", "pages"].contains(command) { arguments += ["--out", folder.path("pages")] }
        if command == "crawl" { arguments += ["--api", "http://127.0.0.1:9", "--quiet"] }
        let message = expectOneErrorLine(try ETLRun.run(arguments, timeout: 60), exitCode: 65)
        #expect(message == "'\(file)/' is not an etl catalog (a file named as a folder: drop the '/' at its end); it was left untouched")
        #expect(bytes(file) == original)
    }

    @Test("a --catalog that is a symbolic link to nothing exits 65, and nothing is made where it points",
          arguments: ["crawl", "status", "pages", "images", "report"])
    func danglingLinkCatalog(command: String) throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("catalog.sqlite")
        try FileManager.default.createSymbolicLink(atPath: catalog, withDestinationPath: folder.path("elsewhere.sqlite"))
        var arguments = [command, "--catalog", catalog]
        if ["crawl", "pages"].contains(command) { arguments += ["--out", folder.path("pages")] }
        if command == "images" { arguments += ["--dir", folder.path("images")] }
        if command == "report" { arguments += ["--out", folder.path("r.html")] }
        if command == "crawl" { arguments += ["--api", "http://127.0.0.1:9", "--quiet"] }
        let message = expectOneErrorLine(try ETLRun.run(arguments, timeout: 60), exitCode: 65)
        #expect(message == "'\(catalog)' is not an etl catalog (it is a symbolic link to nothing); it was left untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root) == ["catalog.sqlite"], "nothing made")
    }

    @Test("a --catalog that is another SQLite database exits 65 and is left untouched, with nothing made beside it (no lock)",
          arguments: ["crawl", "status", "pages", "images"])
    func foreignDatabaseCatalog(command: String) throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("other.db")
        do {
            let database = try Database(path: catalog)
            try database.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('mine')")
        }
        let original = try #require(bytes(catalog))
        var arguments = [command, "--catalog", catalog]
        if command != "status" { arguments += [command == "images" ? "--dir" : "--out", folder.path("pages")] }
        if command == "crawl" { arguments += ["--api", "http://127.0.0.1:9", "--quiet"] }
        let message = expectOneErrorLine(try ETLRun.run(arguments, timeout: 60), exitCode: 65)
        #expect(message == "'\(catalog)' is not an etl catalog (an SQLite database that etl did not create); it was left untouched")
        #expect(bytes(catalog) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root) == ["other.db"], "nothing made beside it")
        #expect(!exists(catalog + "-wal"))
        #expect(!exists(catalog + "-shm"))
        #expect(try sqlite(catalog, "SELECT text FROM notes").map { $0.string("text") } == ["mine"])
    }

    @Test("status and pages on a missing catalog exit 1 and create nothing", arguments: ["status", "pages"])
    func missingCatalog(command: String) throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("nowhere/catalog.sqlite")
        var arguments = [command, "--catalog", catalog]
        if command == "pages" { arguments += ["--out", folder.path("pages")] }
        let message = expectOneErrorLine(try ETLRun.run(arguments, timeout: 60), exitCode: 1)
        #expect(message == "no catalog at '\(catalog)'; run 'etl crawl' first or pass --catalog PATH")
        #expect(!exists(catalog))
        let leftBehind = try FileManager.default.contentsOfDirectory(atPath: folder.root)
        #expect(leftBehind == [], "etl \(command) left \(leftBehind) behind")
    }

    @Test("a malformed --ids file exits 65 naming the file and the line")
    func malformedIDsFile() throws {
        let folder = TemporaryDirectory()
        let ids = folder.path("ids.txt")
        try Data("436535\n12x\n437329\n".utf8).write(to: URL(fileURLWithPath: ids))
        let run = try ETLRun.run(
            ["crawl", "--ids", ids, "--api", "http://127.0.0.1:9", "--catalog", folder.path("catalog.sqlite"),
             "--out", folder.path("pages"), "--quiet"],
            timeout: 60)
        let message = expectOneErrorLine(run, exitCode: 65)
        #expect(message == "--ids file '\(ids)' line 2: expected a positive decimal object ID, found '12x'")
        #expect(!exists(folder.path("pages/1.txt")))
    }

    // MARK: Crawls that run

    @Test("a non-JSON 200 is a block: nothing stored as fetched, the budget ends the run")
    func htmlBodiesAreBlocks() throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("catalog.sqlite")
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"), options: ["--html200", "1"])
        let run = try ETLRun.run(
            ["crawl", "--api", mock.api, "--catalog", catalog, "--out", folder.path("pages"), "--max-attempts", "2",
             "--cooldown", "0.1", "--max-requests", "20", "--rate", "unlimited", "--json", "--quiet"],
            timeout: 60)
        #expect(run.exitCode == 0, "stderr: \(run.standardError)")
        #expect(run.standardError == "")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], "\(run.standardOutput)")
        #expect(summary["status"] as? String == "budget_reached")
        #expect(summary["fetched"] as? Int == 0)
        #expect((summary["blocks"] as? Int ?? 0) > 0)
        #expect(summary["requests"] as? Int == 20)
        #expect(try sqlite(catalog, "SELECT count(*) AS n FROM objects WHERE state = 'fetched'").first?.int("n") == 0)
        #expect(try sqlite(catalog, "SELECT count(*) AS n FROM objects_raw").first?.int("n") == 0)
        #expect(try sqlite(catalog, "SELECT count(*) AS n FROM objects WHERE needs_fetch = 1").first?.int("n") == SampleSummary.committedSample.listed)
        #expect(try sqlite(catalog, "SELECT status FROM runs").map { $0.string("status") } == ["budget_reached"])
    }

    @Test("status --json on a crawled catalog is JSON with the counts and runs")
    func statusJSON() throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("catalog.sqlite")
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        let crawl = try ETLRun.run(
            ["crawl", "--api", mock.api, "--catalog", catalog, "--out", folder.path("pages"), "--rate", "unlimited", "--quiet"],
            timeout: 60)
        #expect(crawl.exitCode == 0, "stderr: \(crawl.standardError)")
        #expect(crawl.standardError == "")
        #expect(crawl.standardOutput.hasPrefix("crawl completed (full) in "))

        let run = try ETLRun.run(["status", "--catalog", catalog, "--json"], timeout: 60)
        #expect(run.exitCode == 0)
        #expect(run.standardError == "")
        let status = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], "\(run.standardOutput)")
        for key in ["objects", "fetched", "kept", "rejected", "lastRuns"] {
            #expect(status[key] != nil, "missing \(key)")
        }
        #expect(status["objects"] as? Int == SampleSummary.committedSample.listed)
        let fetched = try #require(status["fetched"] as? Int)
        let kept = try #require(status["kept"] as? Int)
        #expect(fetched > 0 && kept > 0 && kept <= fetched)
        #expect(status["rejected"] is [String: Int])
        let runs = try #require(status["lastRuns"] as? [[String: Any]])
        #expect(runs.count == 1)
        #expect(runs.first?["status"] as? String == "completed")
        #expect(runs.first?["fetched"] as? Int == fetched)

        let text = try ETLRun.run(["status", "--catalog", catalog], timeout: 60)
        #expect(text.exitCode == 0)
        #expect(text.standardOutput.hasPrefix("objects known   \(SampleSummary.committedSample.listed)\n"))
    }
}
