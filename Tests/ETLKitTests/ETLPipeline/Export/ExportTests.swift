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

/// `etl export`: every row, in a form other tools parse back exactly.
@Suite("etl export")
struct ExportTests {
    /// Titles that break naive CSV and JSON writers.
    static let awkwardTitles = [
        "Comma, inside", "Quote \"inside\"", "Line\nbreak", "Carriage\r\nreturn", "Tab\there",
        "Ünïcödé — 東京", "Trailing space ", "\u{1}control",
    ]

    static func catalog(_ directory: TemporaryDirectory) throws -> Catalog {
        let catalog = try CatalogFixture.open(directory)
        try catalog.record(awkwardTitles.enumerated().map { CatalogFixture.fetched($0.offset + 1, title: $0.element) })
        try catalog.record([CatalogFixture.fetched(20, ["title": .null, "isPublicDomain": .bool(false)]), CatalogFixture.gone(21)])
        try catalog.rebuildWorks()
        try catalog.recordPages([[1, 2, 3]])
        return catalog
    }

    /// Python's csv and json modules read the files back; every value must
    /// equal what sqlite3 reads from the catalog (NULL as an empty CSV field).
    static let checker = """
        import csv, json, sqlite3, sys
        db, table, csv_path, jsonl_path = sys.argv[1:]
        query = {"works": "SELECT * FROM works ORDER BY object_id",
                 "objects": "SELECT * FROM objects ORDER BY object_id",
                 "rejections": "SELECT object_id, reason FROM rejections ORDER BY object_id, reason"}[table]
        cursor = sqlite3.connect(db).execute(query)
        names = [d[0] for d in cursor.description]
        rows = cursor.fetchall()
        with open(csv_path, newline="", encoding="utf-8") as f:
            records = list(csv.reader(f, strict=True))
        assert records[0] == names, (records[0], names)
        expected = [["" if v is None else str(v) for v in row] for row in rows]
        assert records[1:] == expected, "csv differs"
        with open(jsonl_path, encoding="utf-8") as f:
            objects = [json.loads(line) for line in f]
        assert objects == [dict(zip(names, row)) for row in rows], "jsonl differs"
        assert all(list(o) == names for o in objects), "key order"
        print(len(rows))
        """

    @Test(arguments: ExportOptions.Table.allCases)
    func roundTripsThroughPython(table: ExportOptions.Table) throws {
        let directory = TemporaryDirectory()
        let catalog = try Self.catalog(directory)
        var options = ExportOptions()
        options.catalogPath = catalog.path
        options.table = table
        options.format = .csv
        options.outPath = directory.path("out.csv")
        let csvCount = try CatalogExporter(options: options).run()
        options.format = .jsonl
        options.outPath = directory.path("out.jsonl")
        let jsonCount = try CatalogExporter(options: options).run()
        let expected = try catalog.count("SELECT count(*) FROM \(table.rawValue)")
        #expect(csvCount == expected && jsonCount == expected && expected > 0)
        let output = try Self.python(["-c", Self.checker, catalog.path, table.rawValue, directory.path("out.csv"), directory.path("out.jsonl")])
        #expect(output == "\(expected)\n")
        let csv = try #require(FileManager.default.contents(atPath: directory.path("out.csv")))
        #expect(csv.starts(with: Data("object_id,".utf8)))
        #expect(!FileManager.default.fileExists(atPath: directory.path("out.csv.etl-partial")))
    }

    @Test func anEmptyTableHasAHeaderOnly() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        var options = ExportOptions()
        options.catalogPath = catalog.path
        options.table = .rejections
        options.format = .csv
        options.outPath = directory.path("r.csv")
        #expect(try CatalogExporter(options: options).run() == 0)
        #expect(FileManager.default.contents(atPath: directory.path("r.csv")) == Data("object_id,reason\r\n".utf8))
    }

    @Test("an export to a terminal shows a title's control and invisible characters escaped; to a pipe it keeps the bytes")
    func exportToATerminal() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record([CatalogFixture.fetched(1, title: "A\u{1B}]0;pwned\u{07}B\u{9B}2J\u{202E}C")])
        try catalog.rebuildWorks()
        var options = ExportOptions()
        options.catalogPath = catalog.path
        options.format = .csv
        // A real terminal: `script` (util-linux, in every Debian) runs the binary on a pseudo-terminal.
        let command = [TestPaths.etlExecutable, "export", "--catalog", catalog.path, "--format", "csv"].map(StandardOutputTests.shellQuoted)
        let run = try ETLRun.runShell("script -qec \(StandardOutputTests.shellQuoted(command.joined(separator: " "))) /dev/null")
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("A\\u{1B}]0;pwned\\u{7}B\\u{9B}2J\\u{202E}C,"), "\(run.standardOutput)")
        #expect(!run.standardOutput.unicodeScalars.contains { $0 != "\r" && $0 != "\n" && TerminalText.isUnsafe($0) })

        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)
        #expect(try CatalogExporter(options: options).run(standardOutput: FileSink(descriptor: pipe[1], path: "pipe")) == 1)
        close(pipe[1])
        let kept = FileHandle(fileDescriptor: pipe[0], closeOnDealloc: true).readDataToEndOfFile()
        #expect(String(decoding: kept, as: UTF8.self).contains("A\u{1B}]0;pwned\u{07}B\u{9B}2J\u{202E}C,"), "the bytes as stored")
    }

    @Test func anUnwritableDestinationLeavesNothing() throws {
        let directory = TemporaryDirectory()
        let catalog = try Self.catalog(directory)
        var options = ExportOptions()
        options.catalogPath = catalog.path
        options.outPath = directory.path("missing/out.jsonl")
        #expect(throws: OutputError("the export", path: options.outPath!, reason: "its folder '\(directory.path("missing"))' does not exist")) {
            try CatalogExporter(options: options).run()
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing")))
    }

    @Test("the real binary: stdout equals --out, and a bad --format is a usage error")
    func realBinary() throws {
        let directory = TemporaryDirectory()
        let catalog = try Self.catalog(directory)
        let toFile = try ETLRun.run(["export", "--catalog", catalog.path, "--format", "csv", "--out", directory.path("w.csv")], timeout: 60)
        #expect(toFile.exitCode == 0)
        #expect(toFile.standardOutput == "exported 8 rows of works to \(directory.path("w.csv"))\n")
        let toStdout = try ETLRun.run(["export", "--catalog", catalog.path, "--format", "csv"], timeout: 60)
        #expect(toStdout.exitCode == 0)
        #expect(Data(toStdout.standardOutput.utf8) == FileManager.default.contents(atPath: directory.path("w.csv")))
        let bad = try ETLRun.run(["export", "--catalog", catalog.path, "--format", "xml"], timeout: 60)
        #expect(bad.exitCode == 64)
        #expect(bad.standardError.hasPrefix("Error: Invalid value 'xml' for '--format': expected jsonl or csv\n"))
        let missing = try ETLRun.run(["export", "--catalog", directory.path("none.sqlite")], timeout: 60)
        #expect(missing.exitCode != 0 && missing.standardOutput == "")
        #expect(!FileManager.default.fileExists(atPath: directory.path("none.sqlite")))
    }

    static func python(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
