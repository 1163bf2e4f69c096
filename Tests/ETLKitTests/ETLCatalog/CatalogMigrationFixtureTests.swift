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

/// Catalogs that etl itself wrote at every earlier schema version
/// (Tests/Fixtures/catalog/vN.sql, made by scripts/fixtures/make_catalog_fixtures.py
/// with each version's own binary and mock) upgrade on open to exactly the
/// schema of a fresh catalog, and hold the rows today's code writes for the
/// same bodies, fetch results, listings and page layout.
@Suite("Catalog fixtures of every earlier version upgrade to a fresh catalog")
struct CatalogMigrationFixtureTests {
    @Test("the fixture upgrades to the fresh schema and rows", arguments: 1..<CatalogSchema.version)
    func upgradesToFreshSchemaAndRows(version: Int) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("v\(version).sqlite")
        let fetched: [FetchedRow]
        let pages: [[Int]]
        do {
            let old = try CatalogFixture.shipped(version: version, path: path)
            #expect(try old.fetchOne(sql: "PRAGMA user_version")?.int("user_version") == version)
            fetched = try FetchedRow.all(in: old)
            pages = try Self.pages(in: old)
        }
        let upgraded = try Catalog.open(path: path)
        let fresh = try Catalog.open(path: directory.path("fresh.sqlite"))
        try FetchedRow.replay(fetched, into: fresh)
        try fresh.recordPages(pages)
        #expect(!pages.isEmpty)

        let schema = (upgraded: try SchemaSnapshot(upgraded.database), fresh: try SchemaSnapshot(fresh.database))
        #expect(schema.upgraded == schema.fresh, "\(Self.difference(schema.upgraded.lines, schema.fresh.lines))")
        for query in Self.rowQueries {
            let rows = (upgraded: try Self.rows(upgraded, query), fresh: try Self.rows(fresh, query))
            #expect(rows.upgraded == rows.fresh, "\(query): \(Self.difference(Self.cells(rows.upgraded), Self.cells(rows.fresh)))")
        }
        #expect(try upgraded.integrityCheck() == "ok")
        #expect(try upgraded.database.fetchAll(sql: "PRAGMA foreign_key_check").isEmpty)
        // The full-text index matches `works` and finds what the fresh one does.
        try upgraded.database.execute(sql: "INSERT INTO works_fts (works_fts, rank) VALUES ('integrity-check', 1)")
        for word in ["goat", "wakizashi", "lemon"] {
            let match = "SELECT rowid FROM works_fts WHERE works_fts MATCH ? ORDER BY rowid"
            #expect(try Self.rows(upgraded.database, match, [.text(word)]) == Self.rows(fresh.database, match, [.text(word)]), "\(word)")
        }
        // What the fixture holds is worth comparing: bodies whose promoted
        // columns and reasons are not empty.
        let reasons = Set(try upgraded.database.fetchAll(sql: "SELECT DISTINCT reason FROM rejections").compactMap { $0.string("reason") })
        #expect(reasons.isSuperset(of: ["withdrawn", "gone", "duplicate", "not_public_domain", "missing_title"]))
        #expect(try upgraded.count("SELECT count(*) FROM objects WHERE title_text <> title AND object_end_date IS NOT NULL") > 0)
    }

    /// The reasons version 6 knew, in its rank order, read from its frozen
    /// view's text (not from today's code, which now spreads them over the
    /// sources' targets).
    static func version6Reasons() throws -> [String] {
        let sql = CatalogSchema.version6RejectedObjectsViewSQL
        let ranks = try #require(sql.range(of: "CASE reason "))
        return sql[ranks.upperBound...].matches(of: /WHEN '([A-Za-z_]+)' THEN \d+/).map { String($0.output.1) }
    }

    @Test("every reason a version 6 catalog holds keeps its spelling and its rank when today's registry opens it")
    func version6ReasonsKeepTheirRanks() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("v6.sqlite")
        let known = try Self.version6Reasons()
        #expect(known.count == 27)
        // Object 900000 + i holds reasons i… (inserted last first), so its
        // first reason is the i-th; 950000 + i holds the i-th alone.
        let query = "SELECT * FROM rejected_objects WHERE object_id >= 900000 ORDER BY object_id"
        let before: [[String]]
        do {
            let old = try CatalogFixture.shipped(version: 6, path: path)
            for (index, reason) in known.enumerated() {
                for id in [900_000 + index, 950_000 + index] {
                    try old.execute(sql: "INSERT INTO objects (object_id, state, needs_fetch) VALUES (?, 'fetched', 0)",
                                    arguments: [.integer(Int64(id))])
                }
                try old.execute(sql: "INSERT INTO object_reasons (object_id, reason) VALUES (?, ?)",
                                arguments: [.integer(Int64(950_000 + index)), .text(reason)])
                for later in known[index...].reversed() {
                    try old.execute(sql: "INSERT INTO object_reasons (object_id, reason) VALUES (?, ?)",
                                    arguments: [.integer(Int64(900_000 + index)), .text(later)])
                }
            }
            before = try Self.rows(old, query)
            let firsts = try old.fetchAll(sql: "SELECT first_reason FROM rejected_objects WHERE object_id >= 900000 ORDER BY object_id")
                .map { $0.string("first_reason") }
            #expect(firsts == (known + known).map { Optional($0) }, "version 6's own view ranks them")
        }
        let upgraded = try Catalog.open(path: path)
        #expect(try Self.rows(upgraded, query) == before)
        let stored = Set(try upgraded.database.fetchAll(sql: "SELECT DISTINCT reason FROM object_reasons").compactMap { $0.string("reason") })
        #expect(stored == Set(SourceRegistry.reasons.reasons.map(\.rawValue)), "the registry knows every spelling, and no other")
    }

    /// A new version is a new step (and, once it ships, a new fixture: the
    /// test above asks for `v6.sql` as soon as the version is 7).
    @Test("one frozen step per version")
    func oneStepPerVersion() {
        #expect(CatalogSchema.stepSQL.count == CatalogSchema.version)
    }

    /// The one step whose SQL is not a plain text: its backfill is checked
    /// against the step as it shipped, not only against today's crawl.
    @Test("the frozen version 3 step makes what etl 3's own migration made of the same file")
    func version3StepAsShipped() throws {
        let directory = TemporaryDirectory()
        let ours = try CatalogFixture.shipped(version: 2, path: directory.path("ours.sqlite"))
        try ours.transaction { try CatalogSchema.migrate(ours, from: 2) }
        try ours.execute(sql: "PRAGMA user_version = 3")
        let theirs = try CatalogFixture.shipped("v2-upgraded-by-v3", path: directory.path("theirs.sqlite"))
        let schema = (ours: try SchemaSnapshot(ours), theirs: try SchemaSnapshot(theirs))
        #expect(schema.ours == schema.theirs, "\(Self.difference(schema.ours.lines, schema.theirs.lines))")
        for query in Self.rowQueries {
            let rows = (ours: try Self.rows(ours, query), theirs: try Self.rows(theirs, query))
            #expect(rows.ours == rows.theirs, "\(query): \(Self.difference(Self.cells(rows.ours), Self.cells(rows.theirs)))")
        }
    }

    /// The page layout the fixture's crawls wrote.
    static func pages(in database: Database) throws -> [[Int]] {
        var pages: [[Int]] = []
        for row in try database.fetchAll(sql: "SELECT page, object_id FROM page_lines ORDER BY page, position") {
            let page = try #require(row.int("page")), id = try #require(row.int("object_id"))
            while pages.count < page { pages.append([]) }
            pages[page - 1].append(id)
        }
        return pages
    }

    /// The rows compared, each in a fixed order.
    static let rowQueries = [
        "SELECT * FROM objects ORDER BY object_id",
        "SELECT * FROM objects_raw ORDER BY object_id",
        "SELECT * FROM object_reasons ORDER BY object_id, reason",
        "SELECT * FROM works ORDER BY object_id",
        "SELECT * FROM page_lines ORDER BY page, position",
        "SELECT * FROM rejections ORDER BY object_id, reason",
        "SELECT * FROM rejected_objects ORDER BY object_id",
    ]

    /// The lines only one side has, for the failure message.
    static func difference(_ upgraded: [String], _ fresh: [String]) -> String {
        let only = (upgraded: upgraded.filter { !fresh.contains($0) }, fresh: fresh.filter { !upgraded.contains($0) })
        return "only in the first: \(only.upgraded); only in the second: \(only.fresh)"
    }

    /// Every value with its row's place and its column's name.
    static func cells(_ rows: [[String]]) -> [String] {
        rows.enumerated().flatMap { place, row in row.map { "row \(place) \($0)" } }
    }

    /// Each row as `column=value` texts, so a difference names its column.
    static func rows(_ catalog: Catalog, _ sql: String) throws -> [[String]] {
        try rows(catalog.database, sql)
    }

    static func rows(_ database: Database, _ sql: String, _ arguments: [DatabaseValue] = []) throws -> [[String]] {
        try database.fetchAll(sql: sql, arguments: arguments).map { row in
            zip(row.columnNames, row.values).map { "\($0)=\($1)" }
        }
    }
}

/// Everything `sqlite_master` and `PRAGMA table_info` say about a file, and
/// its header pragmas.
struct SchemaSnapshot: Equatable, CustomStringConvertible {
    let objects: [String]
    let columns: [String]
    let pragmas: [String]

    init(_ database: Database) throws {
        objects = try database.fetchAll(sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").map {
            let sql = $0.string("sql").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") } ?? "NULL"
            return "\($0.string("type") ?? "?") \($0.string("name") ?? "?") on \($0.string("tbl_name") ?? "?"): \(sql)"
        }
        var columns: [String] = []
        let tables = try database.fetchAll(sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0.string("name") }
        for table in tables {
            for column in try database.fetchAll(sql: "SELECT * FROM pragma_table_info(?) ORDER BY cid", arguments: [.text(table)]) {
                columns.append("\(table): " + zip(column.columnNames, column.values).map { "\($0)=\($1)" }.joined(separator: " "))
            }
        }
        self.columns = columns
        pragmas = try ["user_version", "application_id", "page_size"].map {
            "\($0)=\(try database.fetchOne(sql: "PRAGMA \($0)")?[0] ?? .null)"
        }
    }

    var lines: [String] { pragmas + objects + columns }
    var description: String { lines.joined(separator: "\n") }
}

/// One object of a fixture as its crawl left it, replayed through today's
/// catalog code: the listing, the fetch result (same body, status, time,
/// attempts and message), the later listing that withdrew it, the kept set.
struct FetchedRow {
    let id: Int
    let state: String
    let isListed: Bool
    let withdrawnAt: String?
    let fetchedAt: String?
    let attempts: Int
    let httpStatus: Int?
    let error: String?
    let body: String?

    /// Version 3 moved the bodies from `objects.raw_json` to `objects_raw`.
    static func all(in database: Database) throws -> [FetchedRow] {
        let columns = Set(try database.fetchAll(sql: "SELECT name FROM pragma_table_info('objects')").compactMap { $0.string("name") })
        let body = columns.contains("raw_json") ? "o.raw_json" : "(SELECT raw_json FROM objects_raw r WHERE r.object_id = o.object_id)"
        return try database.fetchAll(sql: """
            SELECT o.object_id, o.state, o.is_listed, o.withdrawn_at, o.fetched_at, o.attempts, o.http_status, o.error,
                   \(body) AS body
              FROM objects o ORDER BY o.object_id
            """).map { row in
            FetchedRow(id: row.int("object_id") ?? -1, state: row.string("state") ?? "?", isListed: row.int("is_listed") == 1,
                       withdrawnAt: row.string("withdrawn_at"), fetchedAt: row.string("fetched_at"),
                       attempts: row.int("attempts") ?? 0, httpStatus: row.int("http_status"), error: row.string("error"),
                       body: row.string("body"))
        }
    }

    static func replay(_ rows: [FetchedRow], into catalog: Catalog) throws {
        _ = try catalog.registerListing(ids: rows.map(\.id), at: CatalogFixture.date)
        try catalog.record(try rows.compactMap { try $0.result() })
        let withdrawn = rows.filter { !$0.isListed }
        if let at = try withdrawn.first.flatMap({ try $0.withdrawnAt.map(Self.date) }) {
            #expect(withdrawn.allSatisfy { $0.withdrawnAt == withdrawn.first?.withdrawnAt })
            _ = try catalog.registerListing(ids: rows.filter(\.isListed).map(\.id), at: at)
        }
        try catalog.rebuildWorks()
    }

    func result() throws -> MetResult? {
        let at = try fetchedAt.map(Self.date) ?? CatalogFixture.date
        let outcome: MetResult.Outcome
        switch state {
        case "fetched":
            let bytes = Array((body ?? "").utf8)
            outcome = .fetched(body: bytes, object: MetObject.decode(body: bytes) ?? MetObject())
        case "gone": outcome = .gone(message: error ?? "")
        case "bad_id": outcome = .badID(message: error ?? "")
        case "failed": outcome = .failed(reason: error ?? "")
        default: return nil
        }
        return MetResult(objectID: id, outcome: outcome, httpStatus: httpStatus, fetchedAt: at, attempts: attempts)
    }

    /// A catalog timestamp (`2026-12-02T06:02:51.931Z`) as a date that
    /// ``Timestamp/string(from:)`` writes back the same: half a millisecond
    /// in, so rounding down keeps the millisecond.
    static func date(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let date = try #require(formatter.date(from: text), "timestamp \(text)")
        return date.addingTimeInterval(0.0005)
    }
}

extension CatalogFixture {
    /// A catalog as etl `version` wrote it: Tests/Fixtures/catalog/v`version`.sql
    /// run into a new file at `path` (it sets the header pragmas itself).
    static func shipped(version: Int, path: String) throws -> Database {
        try shipped("v\(version)", path: path)
    }

    /// Tests/Fixtures/catalog/`name`.sql run into a new file at `path`.
    static func shipped(_ name: String, path: String) throws -> Database {
        let url = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/catalog/\(name).sql")
        let database = try Database(path: path)
        try database.execute(sql: try String(contentsOf: url, encoding: .utf8))
        return database
    }
}
