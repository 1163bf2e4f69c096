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

/// Hostile and careless input against the real binary: the exact exit code
/// and first line of stderr, and a catalog and page files left as they were.
@Suite("Bad input: no crash, no silent loss, nothing of the user's touched")
struct BadInputTests {
    // MARK: Paths

    @Test("one-character paths that do not exist yet work (no NSString trap)", arguments: ["p", "p/", "é"])
    func oneCharacterPaths(out: String) throws {
        let folder = TemporaryDirectory()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        let run = try ETLRun.run(
            ["crawl", "--api", mock.api, "--catalog", "y", "--out", out, "--rate", "unlimited", "--quiet"],
            currentDirectory: folder.root)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError == "")
        #expect(FileManager.default.fileExists(atPath: folder.path("y")))
        #expect(FileManager.default.fileExists(atPath: folder.path(LocalPath(out).string + "/30.txt")))
        let pages = try ETLRun.run(["pages", "--catalog", "y", "--out", "q"], currentDirectory: folder.root)
        #expect(pages.exitCode == 0, "\(pages.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.path("q/1.txt")))
    }

    @Test("a catalog that is a device (/dev/null) exits 65, and no side file is created", arguments: ["crawl", "status", "pages", "images"])
    func deviceCatalog(command: String) throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.hasPrefix("null") }
        let run = try ETLRun.run([command, "--catalog", "/dev/null"] + (command == "crawl" ? ["--api", "http://127.0.0.1:9"] : []))
        #expect(run.exitCode == 65)
        #expect(run.firstErrorLine == "Error: '/dev/null' is not an etl catalog (it is a character device, not a regular file); it was left untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.hasPrefix("null") } == before)
    }

    // MARK: Schema version

    @Test("a negative or lowered user_version exits 65 naming it; the catalog is unchanged", arguments: [
        (-1, "which no etl writes"),
        (Int(Int32.min), "which no etl writes"),
        (1, "which is older than its tables (table 'images' comes from a later version)"),
        (0, "which is older than its tables (table 'objects' comes from a later version)"),
    ])
    func damagedUserVersion(version: Int, reason: String) throws {
        let fixture = try BadInputFixture()
        try fixture.setUserVersion(version)
        let before = try fixture.snapshot()
        let commands = [
            ["status", "--catalog", fixture.catalogPath],
            ["pages", "--catalog", fixture.catalogPath, "--out", fixture.pagesPath],
            fixture.crawlArguments(api: fixture.mock.api),
        ]
        for arguments in commands {
            let command = arguments[0]
            let run = try ETLRun.run(arguments)
            #expect(run.exitCode == 65, "\(command): \(run.standardError)")
            #expect(run.firstErrorLine == "Error: catalog '\(fixture.catalogPath)' has schema version \(version), \(reason); it was left untouched (restore it from a backup)")
        }
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.runStatuses() == ["completed"])
    }

    // MARK: Listings

    static func listingBodies(ids: [Int]) -> [(body: String, reason: String)] {
        let ten = ids.prefix(10).map(String.init).joined(separator: ",")
        return [
            ("{\"total\":3,\"objectIDs\":null}", "is not usable: \"objectIDs\" is null (\"total\" is 3); nothing was changed, run again later"),
            ("{\"total\":200,\"objectIDs\":[\(ten)]}", "is not usable: \"total\" is 200 but \"objectIDs\" holds 10 IDs; nothing was changed, run again later"),
            ("{\"objectIDs\":[\(ten)]}", "is not usable: \"total\" is missing; nothing was changed, run again later"),
            ("{\"total\":2,\"objectIDs\":[1,\"2\"]}", "is not usable: the body is not {\"total\": N, \"objectIDs\": [positive integers]}; nothing was changed, run again later"),
            ("{\"total\":0,\"objectIDs\":[]}", withdrawal(ids.count, of: ids.count)),
            ("{\"total\":10,\"objectIDs\":[\(ten)]}", withdrawal(ids.count - 10, of: ids.count)),
        ]
    }

    /// The refusal of a mass withdrawal, its figures computed here.
    static func withdrawal(_ count: Int, of listed: Int) -> String {
        let percent = String(format: "%.1f", Double(count) * 100 / Double(listed))
        return "would withdraw \(count) of the catalog's \(listed) listed objects (\(percent)%), more than --max-withdraw 10%; "
            + "nothing was changed. If the API really dropped them, run again with --max-withdraw 100%"
    }

    @Test("a listing that is inconsistent or would withdraw most of the catalog exits 65 and changes nothing")
    func badListings() throws {
        let fixture = try BadInputFixture()
        let before = try fixture.snapshot()
        #expect(before.listed == SampleSummary.committedSample.listed && before.works > 0)
        let ids = try Database(path: fixture.catalogPath, create: false, readOnly: true)
            .fetchAll(sql: "SELECT object_id FROM objects ORDER BY object_id").compactMap { $0.int("object_id") }
        for (body, reason) in Self.listingBodies(ids: ids) {
            let server = try FixedServer(routes: ["/objects": .init(body: body)])
            let run = try ETLRun.run(fixture.crawlArguments(api: server.api))
            #expect(run.exitCode == 65, "\(body): \(run.standardError)")
            #expect(run.standardOutput == "")
            #expect(run.firstErrorLine == "Error: the ID listing from \(server.api)/objects \(reason)")
            #expect(try fixture.snapshot() == before, "\(body)")
            #expect(try server.requests() == ["/objects"], "nothing fetched after a bad listing")
        }
        #expect(try fixture.runStatuses() == ["completed"] + Array(repeating: "failed", count: 6))

        // The user can still accept a real mass withdrawal, explicitly.
        let ten = ids.prefix(10).map(String.init).joined(separator: ",")
        let server = try FixedServer(routes: ["/objects": .init(body: "{\"total\":10,\"objectIDs\":[\(ten)]}")])
        let accepted = try ETLRun.run(fixture.crawlArguments(api: server.api, ["--max-withdraw", "100%", "--full", "--json"]))
        #expect(accepted.exitCode == 0, "\(accepted.standardError)")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(accepted.standardOutput.utf8))
        #expect(summary.withdrawn == ids.count - 10)
    }

    @Test("--max-withdraw outside 0%…100% is a usage error", arguments: ["101%", "-1", "abc", "nan", "10%%"])
    func maxWithdrawRange(value: String) throws {
        let run = try ETLRun.run(["crawl", "--max-withdraw", value])
        #expect(run.exitCode == 64)
        #expect(run.firstErrorLine == "Error: Invalid value '\(value)' for '--max-withdraw': expected a percentage from 0% to 100%")
    }

    @Test("IDs of 0 or below are never requested, and repeats are fetched once and counted")
    func invalidAndRepeatedListedIDs() throws {
        let folder = TemporaryDirectory()
        let server = try FixedServer(routes: [
            "/objects": .init(body: "{\"total\":7,\"objectIDs\":[1000,1000,0,-5,-9223372036854775808,1001,1000]}"),
        ])
        let run = try ETLRun.run([
            "crawl", "--api", server.api, "--catalog", folder.path("c.sqlite"), "--out", folder.path("p"),
            "--rate", "unlimited", "--quiet", "--json",
        ])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.listed == 2)
        #expect(summary.skippedListed == 5)
        #expect(try server.requests().sorted() == ["/objects", "/objects/1000", "/objects/1001"])
    }

    @Test("a server's message is printed escaped, on one line")
    func serverMessageIsEscaped() throws {
        let folder = TemporaryDirectory()
        let message = "\u{1B}]0;pwned\u{07}\u{1B}[2J\rError: all good\nfine\u{202E}"
        let body = String(decoding: try JSONEncoder().encode(["message": message]), as: UTF8.self)
        let server = try FixedServer(routes: ["/objects": .init(status: 404, body: body)])
        let run = try ETLRun.run([
            "crawl", "--api", server.api, "--catalog", folder.path("c.sqlite"), "--out", folder.path("p"), "--quiet",
        ])
        #expect(run.exitCode == 1)
        #expect(run.standardError == "Error: cannot list object IDs from \(server.api)/objects: HTTP 404: "
            + "\\u{1B}]0;pwned\\u{7}\\u{1B}[2J\\rError: all good\\nfine\\u{202E}\n")
        #expect(run.hasCleanStandardError)
    }

    // MARK: Text

    @Test("a NUL inside a title is stored whole, so two works do not become false duplicates")
    func nulInTitle() throws {
        let folder = TemporaryDirectory()
        func record(_ id: Int, _ title: String) throws -> String {
            let fields: [String: AnyEncodable] = [
                "objectID": .init(id), "isPublicDomain": .init(true),
                "primaryImage": .init("https://images.metmuseum.org/CRDImages/dp/original/\(id).jpg"),
                "artistDisplayName": .init("Anonymous"), "title": .init(title), "classification": .init("Drawings"),
                "objectDate": .init("1900"), "metadataDate": .init("2024-01-01T00:00:00Z"),
            ]
            return String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
        }
        let titles = [1: "Study\u{0} of a hand", 2: "Study\u{0} of a foot"]
        let data = folder.path("objects.jsonl")
        try (try record(1, titles[1]!) + "\n" + record(2, titles[2]!) + "\n").write(toFile: data, atomically: true, encoding: .utf8)
        let mock = try MockServer(data: data)
        let run = try ETLRun.run([
            "crawl", "--api", mock.api, "--catalog", folder.path("c.sqlite"), "--out", folder.path("p"),
            "--rate", "unlimited", "--quiet", "--json",
        ])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.kept == 2)
        let rows = try Database(path: folder.path("c.sqlite"), create: false, readOnly: true)
            .fetchAll(sql: "SELECT object_id, title, length(CAST(title AS BLOB)) AS bytes FROM works ORDER BY object_id")
        #expect(rows.map { $0.string("title") } == [titles[1], titles[2]])
        #expect(rows.map { $0.int("bytes") } == [16, 16], "5 + NUL + 10 bytes")
    }

    // MARK: --ids

    @Test("--ids with a BOM reads the IDs; a BOM further on is shown, not hidden")
    func idsWithBOM() throws {
        let fixture = try BadInputFixture()
        let ids = fixture.folder.path("ids.txt")
        try Data("\u{FEFF}1000\r\n1001\n1000\n".utf8).write(to: URL(fileURLWithPath: ids))
        let run = try ETLRun.run(fixture.crawlArguments(api: fixture.mock.api, ["--ids", ids, "--json"]))
        #expect(run.exitCode == 0, "\(run.standardError)")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.listed == 2)
        #expect(summary.skippedListed == 1)

        try Data("1000\n\u{FEFF}1001\n".utf8).write(to: URL(fileURLWithPath: ids))
        let before = try fixture.snapshot()
        let bad = try ETLRun.run(fixture.crawlArguments(api: fixture.mock.api, ["--ids", ids]))
        #expect(bad.exitCode == 65)
        #expect(bad.firstErrorLine == "Error: --ids file '\(ids)' line 2: expected a positive decimal object ID, found '\\u{FEFF}1001'")
        #expect(try fixture.snapshot() == before)
    }

    @Test("--ids that is a directory or missing exits 65 before any catalog is created")
    func idsDirectoryOrMissing() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("d"), withIntermediateDirectories: false)
        let catalog = folder.path("c.sqlite")
        let directory = try ETLRun.run(["crawl", "--ids", folder.path("d"), "--catalog", catalog, "--out", folder.path("p")])
        #expect(directory.exitCode == 65)
        #expect(directory.firstErrorLine == "Error: cannot read --ids file '\(folder.path("d"))': it is a directory; expected a file of IDs, one a line")
        let missing = try ETLRun.run(["crawl", "--ids", folder.path("nope"), "--catalog", catalog, "--out", folder.path("p")])
        #expect(missing.exitCode == 65)
        #expect(missing.firstErrorLine == "Error: cannot read --ids file '\(folder.path("nope"))': No such file or directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root) == ["d"], "no catalog, lock or pages")
    }

    @Test("--ids that is a huge file of zeros fails at its first line, not at its end, in bounded memory")
    func idsHugeZeros() throws {
        let folder = TemporaryDirectory()
        let zeros = folder.path("zeros.bin")
        // Sparse: 256 MB of zeros to read, no disk used.
        #expect(FileManager.default.createFile(atPath: zeros, contents: nil))
        #expect(truncate(zeros, 256 << 20) == 0)
        let run = try ETLRun.run(["crawl", "--ids", zeros, "--catalog", folder.path("c.sqlite"), "--out", folder.path("p")], timeout: 60)
        #expect(run.exitCode == 65)
        let shown = String(repeating: "\\0", count: 40) + "…"
        #expect(run.firstErrorLine == "Error: --ids file '\(zeros)' line 1: expected a positive decimal object ID, found '\(shown)'")
        #expect(!FileManager.default.fileExists(atPath: folder.path("c.sqlite")))

        // Zeros that never end: a reader that went on to the end would never
        // answer (the hang guard would kill it, exit 137), so an answer at all
        // proves etl stopped at the first line.
        let endless = folder.path("endless")
        #expect(mkfifo(endless, 0o644) == 0)
        let writer = try PythonProcess.start("""
            import sys
            out = open(sys.argv[1], "wb")
            block = bytes(1 << 16)
            try:
                while True:
                    out.write(block)
            except BrokenPipeError:
                pass
            """, [endless])
        defer { writer.terminate() }
        let piped = try ETLRun.run(["crawl", "--ids", endless, "--catalog", folder.path("c.sqlite"), "--out", folder.path("p")], timeout: 60)
        #expect(piped.exitCode == 65, "\(piped.standardError)")
        #expect(piped.firstErrorLine == "Error: --ids file '\(endless)' line 1: expected a positive decimal object ID, found '\(shown)'")
        #expect(!FileManager.default.fileExists(atPath: folder.path("c.sqlite")))
    }

    // MARK: --out

    @Test("etl pages with --out a regular file exits 73 and leaves it alone")
    func pagesOutIsAFile() throws {
        let fixture = try BadInputFixture()
        let file = fixture.folder.path("notes.txt")
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: file))
        let before = try fixture.snapshot()
        let run = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", file])
        #expect(run.exitCode == 73)
        #expect(run.firstErrorLine == "Error: --out '\(file)' exists and is not a directory")
        #expect(FileManager.default.contents(atPath: file) == Data("mine\n".utf8))
        #expect(try fixture.snapshot() == before)
    }
}

/// Any encodable value, to build JSON records with mixed field types.
struct AnyEncodable: Encodable {
    let encodeValue: (any Encoder) throws -> Void
    init(_ value: some Encodable) { encodeValue = value.encode(to:) }
    func encode(to encoder: any Encoder) throws { try encodeValue(encoder) }
}

/// The rule behind the one-character-path crash, kept by the compiler's
/// neighbour: no source file takes paths apart with NSString (it traps in
/// swift-corelibs-foundation); ``LocalPath`` does it.
@Suite("Path rule")
struct PathRuleTests {
    @Test func noNSStringPathMethodsInTheSources() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        let pattern = try Regex(#"as NSString\)\s*\.\s*(deletingLastPathComponent|lastPathComponent|deletingPathExtension|pathExtension|appendingPathComponent)"#)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(text.firstMatch(of: pattern) == nil, "\(file) splits a path with NSString; use LocalPath")
        }
    }
}
