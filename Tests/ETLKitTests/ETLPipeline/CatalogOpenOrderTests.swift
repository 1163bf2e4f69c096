import Foundation
import Store
import Testing
@testable import AICSource
@testable import ETLCatalog
@testable import ETLCore
@testable import ETLPipeline
@testable import ETLReport
@testable import SourceKit
@testable import SourceRegistry

/// Whichever command opens an upgraded catalog first leaves it a fresh
/// one, columns in order, not only a crawl's bind: the AIC catalog of
/// version 7 (Tests/Fixtures/catalog/aic-v7.sql), whose upgrade appends
/// version 8's shared columns to `works` after AIC's own, opened by the
/// real binary. Bad input and a catalog opened read-only change nothing.
@Suite("Any command's open orders an upgraded catalog's columns", .serialized)
struct CatalogOpenOrderTests {
    static var aic: any Source { SourceRegistry.source(AICSource.name) }

    /// The fixture at `path`, upgraded by ETLCatalog's own open: version 8,
    /// its columns where the migration's ADD COLUMN left them.
    static func migratedOnly(at path: String) throws {
        _ = try CatalogFixture.shipped("aic-v7", path: path)
        _ = try Catalog.open(path: path, reasons: SourceRegistry.reasons)
    }

    /// A new catalog bound to AIC: what "fresh" means.
    static func fresh(at path: String) throws -> Database {
        try Catalog.open(path: path, reasons: SourceRegistry.reasons).bind(to: aic)
        return try Database(path: path, create: false, readOnly: true)
    }

    /// Every row of every table, as sorted text: equal when two catalogs
    /// hold the same rows with the same columns in the same order.
    static func rows(_ database: Database) throws -> [String: [String]] {
        let tables = try database.fetchAll(sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .compactMap { try $0.text(named: "name") }
        var rows: [String: [String]] = [:]
        for table in tables {
            rows[table] = try database.fetchAll(sql: "SELECT * FROM \(table)").map { "\(zip($0.columnNames, $0.values).map { "\($0)=\($1)" })" }.sorted()
        }
        return rows
    }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    static func columns(of table: String, in database: Database) throws -> [String] {
        try database.fetchAll(sql: "SELECT name FROM pragma_table_info(?)", arguments: [.text(table)]).compactMap { try $0.text(named: "name") }
    }

    @Test("etl report, export, status and pages on a version 7 catalog leave exactly a fresh catalog's sqlite_master and the rows a crawl's bind leaves; a second run changes no byte")
    func commandsLeaveAFreshCatalog() throws {
        let directory = TemporaryDirectory()
        let fresh = try Self.fresh(at: directory.path("fresh.sqlite"))
        // The crawl's path, shown equal to a fresh crawl by AICCatalogUpgradeTests.
        let boundPath = directory.path("bound.sqlite")
        _ = try CatalogFixture.shipped("aic-v7", path: boundPath)
        try Catalog.open(path: boundPath, reasons: SourceRegistry.reasons).bind(to: Self.aic)
        let bound = try Database(path: boundPath, create: false, readOnly: true)
        let migrated = directory.path("migrated.sqlite")
        try Self.migratedOnly(at: migrated)
        let stale = try Database(path: migrated, create: false, readOnly: true)
        #expect(try Self.columns(of: "works", in: stale) != Self.columns(of: "works", in: fresh), "the fixture needs its order fixed")

        let master = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        let commands = [
            ["report", "--out", directory.path("report.html")],
            ["export", "--table", "works", "--out", directory.path("works.jsonl")],
            ["status"],
            ["pages", "--source", "aic", "--out", directory.path("pages")],
        ]
        for command in commands {
            let path = directory.path("\(command[0]).sqlite")
            _ = try CatalogFixture.shipped("aic-v7", path: path)
            let run = try ETLRun.run([command[0], "--catalog", path] + command.dropFirst())
            #expect(run.exitCode == 0, "\(command): \(run.standardError)")
            let upgraded = try Database(path: path, create: false, readOnly: true)
            let schema = (upgraded: try SchemaSnapshot(upgraded), fresh: try SchemaSnapshot(fresh))
            #expect(schema.upgraded == schema.fresh, "\(command): \(CatalogMigrationFixtureTests.difference(schema.upgraded.lines, schema.fresh.lines))")
            #expect(try upgraded.fetchAll(sql: master).map(\.values) == fresh.fetchAll(sql: master).map(\.values), "\(command)")
            if command[0] != "pages" {
                // `etl pages` records its layout and page lines; the others write nothing else.
                #expect(try Self.rows(upgraded) == Self.rows(bound), "\(command)")
            }
        }

        // A second run opens a catalog already fresh: not a byte changes.
        let path = directory.path("report.sqlite")
        let before = try #require(Self.bytes(path))
        let again = try ETLRun.run(["report", "--catalog", path, "--out", directory.path("report.html")])
        #expect(again.exitCode == 0, "\(again.standardError)")
        #expect(Self.bytes(path) == before)
    }

    @Test("a --source naming another source is refused before anything is migrated or rebuilt: the catalog's bytes stay",
          arguments: ["version 7", "version 8, old order"])
    func otherSourceChangesNothing(catalog: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("aic.sqlite")
        if catalog == "version 7" { _ = try CatalogFixture.shipped("aic-v7", path: path) } else { try Self.migratedOnly(at: path) }
        let before = try #require(Self.bytes(path))
        for command in [["report", "--out", directory.path("r.html")], ["export", "--out", directory.path("w.jsonl")], ["status"],
                        ["pages", "--out", directory.path("pages")], ["images", "--dir", directory.path("images")],
                        ["gallery", "--out", directory.path("gallery")]] {
            let run = try ETLRun.run([command[0], "--source", "flickr", "--catalog", path] + command.dropFirst())
            #expect(run.exitCode == 65, "\(command): \(run.standardError)")
            #expect(run.standardError == "Error: \(CatalogError.otherSource(path: path, holds: AICSource.name, asked: SourceName("flickr")))\n",
                    "\(command)")
            #expect(Self.bytes(path) == before, "\(command)")
        }
    }

    @Test("a --out or --dir that cannot be written is refused before anything is migrated or rebuilt: exit 73, the catalog's bytes stay")
    func badOutputChangesNothing() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("aic.sqlite")
        _ = try CatalogFixture.shipped("aic-v7", path: path)
        let file = directory.path("notes.txt")
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: file))
        let before = try #require(Self.bytes(path))
        let cases: [([String], String)] = [
            (["report", "--out", directory.path("none/r.html")],
             "cannot write the report '\(directory.path("none/r.html"))': its folder '\(directory.path("none"))' does not exist"),
            (["report", "--out", file], "cannot write the report '\(file)': the file exists and is not an etl report"),
            (["images", "--dir", file], "--dir '\(file)' exists and is not a directory"),
            (["images", "--dir", file + "/sub"], "cannot create --dir '\(file)/sub': '\(file)' is a regular file, not a directory"),
            (["gallery", "--out", file], "--out '\(file)' exists and is not a directory"),
            (["gallery", "--out", file + "/sub"], "cannot create --out '\(file)/sub': '\(file)' is a regular file, not a directory"),
        ]
        for (command, message) in cases {
            let run = try ETLRun.run([command[0], "--source", "aic", "--catalog", path] + command.dropFirst())
            #expect(run.exitCode == 73, "\(command): \(run.standardError)")
            #expect(run.standardError == "Error: \(message)\n", "\(command)")
            #expect(Self.bytes(path) == before, "\(command)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "mine\n")
    }

    @Test("etl gallery's --page past the last is refused on the catalog as it is, before any upgrade: exit 65, the bytes stay",
          arguments: ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "aic-v7"])
    func pagePastTheLastChangesNothing(fixture: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("old.sqlite")
        // The oracle: the fixture's own page lines and works, read with SQL (the connection closes with the closure).
        let (last, kept) = try { () throws -> (Int, Int) in
            let database = try CatalogFixture.shipped(fixture, path: path)
            return (try database.fetchOne(sql: "SELECT max(page) AS last FROM page_lines")?.integer(named: "last") ?? 0,
                    try database.fetchOne(sql: "SELECT count(*) AS n FROM works")?.integer(named: "n") ?? 0)
        }()
        let before = try #require(Self.bytes(path))
        let source = fixture == "aic-v7" ? "aic" : "met"
        let run = try ETLRun.run(["gallery", "--source", source, "--catalog", path, "--page", String(last + 1), "--out", directory.path("g")])
        #expect(run.exitCode == 65, "\(run.standardError)")
        let expected: GalleryError = last > 0 ? .noSuchPage(last + 1, count: last)
            : kept == 0 ? .noWorks(catalog: path) : .noPages(catalog: path)
        #expect(run.standardError == "Error: \(expected)\n")
        #expect(Self.bytes(path) == before)
        #expect(LocalPath(directory.path("g")).kind == nil, "nothing is written")
    }

    @Test("a rebuild the disk cannot hold rolls back: exit 74, the catalog's bytes stay; with room, the next open finishes it",
          .enabled(if: FileSystemErrorTests.canMount, "cannot mount a small tmpfs (needs root)"))
    func rebuildRollsBack() throws {
        let folder = TemporaryDirectory()
        let staged = folder.path("aic.sqlite")
        try Self.migratedOnly(at: staged)
        let before = try #require(Self.bytes(staged))
        // Room for the catalog, its -shm and a few WAL pages (ETLCatalog's
        // open, which rebuilds nothing, runs there), not for a copy of `works`.
        let point = try #require(FileSystemErrorTests.mountTmpfs("size=\(before.count / 1024 + 128)k", in: folder))
        defer { FileSystemErrorTests.unmount(point) }
        let path = point + "/aic.sqlite"
        try FileManager.default.copyItem(atPath: staged, toPath: path)

        let full = try ETLRun.run(["status", "--catalog", path])
        #expect(full.exitCode == 74, "the mount left room for the rebuild: \(full.standardError)")
        #expect(full.standardError == "Error: \(CatalogError.cannotWrite(path: path, problem: .diskFull))\n")
        #expect(Self.bytes(path) == before)

        #expect(HostileInputRound4Tests.remount(point, "size=16m"))
        let run = try ETLRun.run(["status", "--catalog", path])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let fresh = try Self.fresh(at: folder.path("fresh.sqlite"))
        #expect(try SchemaSnapshot(try Database(path: path, create: false, readOnly: true)) == SchemaSnapshot(fresh))
    }

    @Test("a catalog opened read-only is never changed, and its export shows a fresh catalog's columns: the same bytes as after the upgrade",
          .enabled(if: FileSystemErrorTests.canMount, "cannot mount a small tmpfs (needs root)"))
    func readOnlyExportsInFreshOrder() throws {
        let folder = TemporaryDirectory()
        let point = try #require(FileSystemErrorTests.mountTmpfs("size=16m", in: folder))
        defer { FileSystemErrorTests.unmount(point) }
        let path = point + "/aic.sqlite"
        try Self.migratedOnly(at: path)
        let fresh = try Self.fresh(at: folder.path("fresh.sqlite"))
        let before = try #require(Self.bytes(path))

        #expect(HostileInputRound4Tests.remount(point, "ro"))
        var exports: [String: Data] = [:]
        for format in ["csv", "jsonl"] {
            let out = folder.path("read-only.\(format)")
            let run = try ETLRun.run(["export", "--catalog", path, "--format", format, "--out", out])
            #expect(run.exitCode == 0, "\(run.standardError)")
            exports[format] = Self.bytes(out)
        }
        for command in [["report", "--out", folder.path("r.html")], ["status"]] {
            let run = try ETLRun.run([command[0], "--catalog", path] + command.dropFirst())
            #expect(run.exitCode == 0, "\(command): \(run.standardError)")
        }
        #expect(Self.bytes(path) == before)
        let csv = String(decoding: try #require(exports["csv"]), as: UTF8.self)
        #expect(csv.components(separatedBy: "\r\n").first == (try Self.columns(of: "works", in: fresh)).joined(separator: ","))

        // Writable again: the first open rebuilds, and the export is the same.
        #expect(HostileInputRound4Tests.remount(point, "rw"))
        for format in ["csv", "jsonl"] {
            let out = folder.path("writable.\(format)")
            let run = try ETLRun.run(["export", "--catalog", path, "--format", format, "--out", out])
            #expect(run.exitCode == 0, "\(run.standardError)")
            #expect(Self.bytes(out) == exports[format], "\(format)")
        }
        #expect(Self.bytes(path) != before)
        let upgraded = try Database(path: path, create: false, readOnly: true)
        #expect(try SchemaSnapshot(upgraded) == SchemaSnapshot(fresh))
    }
}
