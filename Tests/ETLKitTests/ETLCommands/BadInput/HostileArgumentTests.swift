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

/// Hostile input, round 3 (arguments, input files and rules), through the
/// real binary: exact exit codes and first stderr lines, no secret echoed,
/// nothing changed, and endless input ended by a signal.
@Suite("Hostile input: arguments, endless input, secrets and rules")
struct HostileArgumentTests {
    @Test("an --api with a password, a query or a fragment is refused with 64, and its text is never echoed", arguments: [
        ("http://user:PASSWORD-9f8e7d@127.0.0.1:9/", "a URL without user info (user:password@); etl never stores a password, so pass none in --api"),
        ("http://127.0.0.1:9/3?api_key=SECRET-9f8e7d", "a base URL without a query ('?…'); etl adds its own, and reads API keys from the environment"),
        ("http://127.0.0.1:9/3#SECRET-9f8e7d", "a base URL without a fragment ('#…'), which would cut off what etl appends"),
    ])
    func secretsInAPI(api: String, expected: String) throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("c.sqlite")
        for command in ["crawl", "plan"] {
            let arguments = command == "crawl" ? ["crawl", "--api", api, "--catalog", catalog] : ["plan", "--api", api, "--csv", "/dev/null"]
            let run = try ETLRun.run(arguments)
            #expect(run.exitCode == 64, "\(command): \(run.standardError)")
            #expect(run.firstErrorLine == "Error: Invalid value for '--api' (not shown): expected \(expected)")
            #expect(!run.standardError.contains("PASSWORD") && !run.standardError.contains("SECRET"))
            #expect(!run.standardOutput.contains("PASSWORD") && !run.standardOutput.contains("SECRET"))
        }
        #expect(!FileManager.default.fileExists(atPath: catalog))
    }

    @Test("an --api whose port is out of range or that holds a space or a control character is refused with 64 before anything is made",
          arguments: [
        ("http://127.0.0.1:99999", "Error: Invalid value 'http://127.0.0.1:99999' for '--api': expected a URL whose port is from 1 to 65535"),
        ("http://127.0.0.1:0/x", "Error: Invalid value 'http://127.0.0.1:0/x' for '--api': expected a URL whose port is from 1 to 65535"),
        ("http://127.0.0.1:9/\u{1B}[31m", "Error: Invalid value 'http://127.0.0.1:9/\\u{1B}[31m' for '--api': expected a URL without spaces or control characters (percent-encode them)"),
        ("http://127.0.0.1:9/a b", "Error: Invalid value 'http://127.0.0.1:9/a b' for '--api': expected a URL without spaces or control characters (percent-encode them)"),
    ])
    func unusableAPI(api: String, expected: String) throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("c.sqlite")
        let run = try ETLRun.run(["crawl", "--api", api, "--catalog", catalog, "--out", folder.path("pages")])
        #expect(run.exitCode == 64, "\(run.standardError)")
        #expect(run.firstErrorLine == expected)
        #expect(run.hasCleanStandardError)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root).isEmpty, "nothing is made")
    }

    @Test("control characters in argument values are escaped in the error", arguments: [
        (["images", "--image-hosts", "a\u{1B}[31mb"], "a\\u{1B}[31mb"),
        (["crawl", "--user-agent", "x\r\nX-Injected: 1"], "x\\r\\nX-Injected: 1"),
        (["crawl", "--nope\u{1B}]0;title\u{07}"], "--nope\\u{1B}]0;title\\u{7}"),
        (["crawl", "--source", "tmdb", "--language", "e\u{1B}n"], "e\\u{1B}n"),
    ])
    func escapedArguments(arguments: [String], shown: String) throws {
        let run = try ETLRun.run(arguments)
        #expect(run.exitCode == 64)
        #expect(run.firstErrorLine.contains(shown), "\(run.firstErrorLine)")
        #expect(run.hasCleanStandardError)
    }

    @Test("empty tag lists and texts that show nothing are usage errors", arguments: [",,,", " , ", "\u{200B}"])
    func emptyTags(tags: String) throws {
        let run = try ETLRun.run(["crawl", "--source", "flickr", "--tags", tags], environment: ["FLICKR_API_KEY": "0123456789abcdef"])
        #expect(run.exitCode == 64)
        #expect(run.firstErrorLine.hasSuffix("for '--tags': expected one or more tags separated by commas, such as cat,dog"), "\(run.firstErrorLine)")
        let text = try ETLRun.run(["crawl", "--source", "flickr", "--text", " \u{2060} "], environment: ["FLICKR_API_KEY": "0123456789abcdef"])
        #expect(text.exitCode == 64)
        #expect(text.firstErrorLine.hasSuffix("for '--text': expected a non-empty single line"), "\(text.firstErrorLine)")
    }

    @Test("a page set too large to be meant is a usage error", arguments: [
        (["--pages", "100000", "--page-size", "100000"], "Error: Invalid value '100000' for '--pages': expected an integer from 1 to 10000"),
        (["--pages", "10000", "--page-size", "1000"],
         "Error: --pages 10000 × --page-size 1000 is more than 1000000 places; expected at most 1000000"),
    ])
    func hugePageSets(options: [String], expected: String) throws {
        for command in ["pages", "crawl"] {
            let run = try ETLRun.run([command, "--catalog", "/nonexistent/c.sqlite"] + options)
            #expect(run.exitCode == 64, "\(command)")
            #expect(run.firstErrorLine == expected, "\(command)")
        }
    }

    @Test("an endless CSV is refused at its first record; a CSV that never ends stops on SIGTERM")
    func endlessCSV() throws {
        let folder = TemporaryDirectory()
        let ids = folder.path("ids.txt")
        try Data("1\n2\n".utf8).write(to: URL(fileURLWithPath: ids))
        let zero = try ETLRun.run(["plan", "--csv", "/dev/zero", "--ids", ids])
        #expect(zero.exitCode == 65)
        #expect(zero.firstErrorLine == "Error: /dev/zero line 1: a record of more than 1 MiB or 10000 fields; expected a CSV file such as MetObjects.csv")

        // A FIFO fed valid rows forever by a writer that marks when it is well under way.
        let fifo = folder.path("MetObjects.csv")
        #expect(mkfifo(fifo, 0o644) == 0)
        let marker = folder.path("under-way")
        let writer = try PythonProcess.start(Self.endlessWriter, [fifo, marker, MetObjectsCSV.header.joined(separator: ",")])
        defer { writer.terminate() }
        let run = try ETLRun.run(
            ["plan", "--csv", fifo, "--ids", ids], signal: SIGTERM,
            when: { FileManager.default.fileExists(atPath: marker) }, timeout: 60)
        #expect(run.exitCode == 143, "\(run.standardError)")
        // The CSV never ends, so only the signal can have ended the read
        // (a read that ignored it would meet the hang guard: exit 137).
        #expect(run.firstErrorLine == "Error: stopped by a signal; nothing was replaced")
    }

    @Test("an --ids pipe that never ends is refused once it passes the line bound, without filling memory")
    func endlessIDs() throws {
        let folder = TemporaryDirectory()
        let fifo = folder.path("ids")
        #expect(mkfifo(fifo, 0o644) == 0)
        let writer = try PythonProcess.start("""
            import itertools, sys
            out = open(sys.argv[1], "w")
            for start in itertools.count(1, 100000):
                out.write("\\n".join(map(str, range(start, start + 100000))) + "\\n")
            """, [fifo])
        defer { writer.terminate() }
        let run = try ETLRun.run(["crawl", "--api", "http://127.0.0.1:9", "--catalog", folder.path("c.sqlite"), "--ids", fifo], timeout: 60)
        #expect(run.exitCode == 65, "\(run.standardError)")
        #expect(run.firstErrorLine == "Error: cannot read --ids file '\(fifo)': more than \(IDLineReader.maxLines) lines; expected at most that many IDs, one a line")
    }

    @Test("a file of exactly the line bound is whole; one line more is refused")
    func idLineBound() throws {
        let lines = ArraySlice(Array(repeating: "7\n", count: IDLineReader.maxLines).joined().utf8)
        var reader = IDLineReader(path: "ids.txt")
        try reader.consume(lines)
        let body = try reader.finish()
        #expect(body.ids == [7] && body.duplicateIDs == IDLineReader.maxLines - 1)
        var over = IDLineReader(path: "ids.txt")
        try over.consume(lines)
        #expect(throws: CrawlError.cannotReadIDs(path: "ids.txt", reason: "more than \(IDLineReader.maxLines) lines; expected at most that many IDs, one a line")) {
            try over.consume(ArraySlice("7\n".utf8))
        }
    }

    /// Writes the header, then rows of 54 fields forever; creates the marker after 100,000 rows.
    static let endlessWriter = """
        import sys
        out = open(sys.argv[1], "w")
        out.write(sys.argv[3] + "\\n")
        row = ",".join(["x"] * 3 + ["True", "{}"] + ["t"] * 49) + "\\n"
        n = 0
        while True:
            n += 1
            out.write(row.format(n))
            if n == 100000:
                open(sys.argv[2], "w").close()
        """

    @Test("texts that show nothing (NUL, zero-width spaces, a word joiner) are missing, not kept")
    func invisibleTexts() throws {
        let folder = TemporaryDirectory()
        let lines = try String(contentsOfFile: TestPaths.sample("objects.jsonl"), encoding: .utf8).split(separator: "\n")
        var records = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let complete = records.indices.filter { index in
            let record = records[index]
            return ObjectFilter.isComplete(MetObject(
                objectID: record["objectID"] as? Int, isPublicDomain: record["isPublicDomain"] as? Bool,
                primaryImage: record["primaryImage"] as? String, artistDisplayName: record["artistDisplayName"] as? String,
                title: record["title"] as? String, classification: record["classification"] as? String,
                objectDate: record["objectDate"] as? String))
        }
        let planted: [(field: String, value: String, reason: String)] = [
            ("title", "\u{0}", "missing_title"), ("title", "\u{200B}\u{200B}", "missing_title"),
            ("artistDisplayName", "\u{2060}", "missing_artistDisplayName"), ("objectDate", " \u{FEFF} ", "missing_objectDate"),
        ]
        var plantedIDs: [(id: Int, reason: String)] = []
        for (offset, plant) in planted.enumerated() {
            let index = complete[offset]
            records[index][plant.field] = plant.value
            plantedIDs.append((records[index]["objectID"] as? Int ?? 0, plant.reason))
        }
        let data = folder.path("objects.jsonl")
        let text = try records.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: data))
        let mock = try MockServer(data: data)
        let catalog = folder.path("c.sqlite")
        let run = try ETLRun.run(["crawl", "--api", mock.api, "--catalog", catalog, "--out", folder.path("pages"), "--rate", "unlimited", "--quiet"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let database = try Database(path: catalog, create: false, readOnly: true)
        for planted in plantedIDs {
            #expect(try database.fetchOne(sql: "SELECT count(*) AS n FROM works WHERE object_id = ?", arguments: [.integer(Int64(planted.id))])?.int("n") == 0)
            let reasons = try database.fetchAll(sql: "SELECT reason FROM rejections WHERE object_id = ?", arguments: [.integer(Int64(planted.id))])
            #expect(reasons.compactMap { $0.string("reason") }.contains(planted.reason), "\(planted.id)")
        }
    }

    @Test("status, export and report with another source's --source refuse with 65, as pages does")
    func otherSourcesCatalog() throws {
        let fixture = try BadInputFixture()
        let before = try fixture.snapshot()
        let expected = "Error: catalog '\(fixture.catalogPath)' holds met data, not flickr; pass '--source met' or another --catalog; it was left untouched"
        let out = fixture.folder.path("out")
        for arguments in [["status"], ["export", "--out", out], ["report", "--out", out + ".html"], ["pages", "--out", out]] {
            let run = try ETLRun.run([arguments[0], "--source", "flickr", "--catalog", fixture.catalogPath] + arguments.dropFirst())
            #expect(run.exitCode == 65, "\(arguments[0]): \(run.standardError)")
            #expect(run.firstErrorLine == expected, "\(arguments[0])")
        }
        #expect(!FileManager.default.fileExists(atPath: out) && !FileManager.default.fileExists(atPath: out + ".html"))
        #expect(try fixture.snapshot() == before)
        // Without --source the catalog's own source is read.
        #expect(try ETLRun.run(["status", "--catalog", fixture.catalogPath]).exitCode == 0)
    }

    @Test("--csv-safe neutralises cells a spreadsheet would run, and leaves numbers alone")
    func csvFormulaInjection() throws {
        let folder = TemporaryDirectory()
        let catalog = try CatalogFixture.open(folder)
        try catalog.database.execute(sql: """
            INSERT INTO objects (object_id, state, is_complete) VALUES (1, 'fetched', 1), (2, 'fetched', 1);
            INSERT INTO works (object_id, title, artist_display_name, primary_image, object_date)
            VALUES (1, '=HYPERLINK("http://evil","x")', '@SUM(1)', 'u', '-5'), (2, 'Plain', '+1', 'u', '1850');
            """)
        let out = folder.path("w.csv")
        let plain = try ETLRun.run(["export", "--catalog", catalog.path, "--format", "csv", "--out", out])
        #expect(plain.exitCode == 0, "\(plain.standardError)")
        #expect(String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self).contains("\"=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\""))
        let safe = try ETLRun.run(["export", "--catalog", catalog.path, "--format", "csv", "--csv-safe", "--out", out, "--replace"])
        #expect(safe.exitCode == 0, "\(safe.standardError)")
        let text = String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self)
        #expect(text.contains("\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",'@SUM(1)"))
        #expect(text.contains("'-5") && text.contains("'+1"))
        #expect(text.contains("\r\n1,") && text.contains("\r\n2,"), "the object_id integers are not prefixed")
        let jsonl = try ETLRun.run(["export", "--catalog", catalog.path, "--csv-safe"])
        #expect(jsonl.exitCode == 64)
        #expect(jsonl.firstErrorLine == "Error: '--csv-safe' goes with '--format csv'")
    }
}
