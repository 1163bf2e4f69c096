import FetchEngine
import Foundation
import Store
import Testing
@testable import AICSource
@testable import ETLCatalog
@testable import ETLCore
@testable import SourceKit

/// A source's own table: columns by name, and a table that gains a column
/// in a later release upgrades an existing catalog on the next crawl.
@Suite("A source's own table", .serialized)
struct SourceTableTests {
    static let table = SourceTable(name: "t", description: "", columns: [
        .column("a", "TEXT", ""), .column("b", "INTEGER", ""),
    ])

    @Test("values by name: the declared order whatever the mapping's, a missing or unknown column refused by name")
    func arguments() throws {
        #expect(try Self.table.arguments(id: .int(7), values: ["b": .int(2), "a": .text("x")]) == [.int(7), .text("x"), .int(2)])
        #expect(throws: SourceTableError(table: "t", column: "b", problem: "has no value")) {
            try Self.table.arguments(id: .int(7), values: ["a": .text("x")])
        }
        #expect(throws: SourceTableError(table: "t", column: "c", problem: "is not one of its columns")) {
            try Self.table.arguments(id: .int(7), values: ["a": .null, "b": .null, "c": .null])
        }
        #expect(Self.table.addColumnsSQL(existing: ["object_id", "a"]) == ["ALTER TABLE t ADD COLUMN b INTEGER"])
        #expect(Self.table.addColumnsSQL(existing: ["object_id", "a", "b"]).isEmpty)
    }

    @Test("a catalog whose aic_artworks lacks a column (as an earlier release made it) gains it on the next crawl, filled from each listed artwork, where a fresh catalog has it")
    func tableGainsAColumn() async throws {
        let fixture = try AICFixture(["--artworks", "400", "--seed", "5"])
        let first = try await fixture.run(fixture.options())
        #expect(first.status == .completed && first.kept > 0)
        // The oracle for the layout: the tables as the first crawl made them.
        let fresh = try Self.layout(of: ["aic_artworks", "works"], in: Database(path: fixture.catalogPath, create: false, readOnly: true))
        // The catalog as a release before `color` existed would have left it.
        do {
            let database = try Database(path: fixture.catalogPath, create: false)
            let declared = AICArtwork.table.columns.map(\.name)
            #expect(declared.last != "color", "a column in the middle: ADD COLUMN puts it last, the fresh table does not")
            try database.execute(sql: "ALTER TABLE aic_artworks DROP COLUMN color; ALTER TABLE works DROP COLUMN color")
        }
        let second = try await fixture.run(fixture.options())
        #expect(second.status == .completed && second.kept == first.kept)
        let database = try Database(path: fixture.catalogPath, create: false, readOnly: true)
        // Columns in the fresh order, the tables' text and indexes and triggers as they were.
        let layout = try Self.layout(of: ["aic_artworks", "works"], in: database)
        #expect(layout == fresh, "\(CatalogMigrationFixtureTests.difference(layout, fresh))")
        for table in ["aic_artworks", "works"] {
            let columns = try database.fetchAll(sql: "SELECT name FROM pragma_table_info('\(table)')").compactMap { $0.string("name") }
            #expect(columns.contains("color"), "\(table)")
        }
        // The oracle: each artwork's colour as the API sent it.
        let wrong = try database.fetchOne(sql: """
            SELECT count(*) FROM aic_artworks a JOIN objects_raw r USING (object_id)
             WHERE a.color IS NOT (CASE WHEN json_type(r.raw_json, '$.color') IN ('object', 'array')
                                        THEN json(json_extract(r.raw_json, '$.color')) END)
            """)?[0].integerValue
        #expect(wrong == 0)
        let colored = try database.fetchOne(sql: "SELECT count(*) FROM works WHERE color IS NOT NULL")?[0].integerValue ?? 0
        #expect(colored > 0)
        #expect(try database.fetchOne(sql: "SELECT count(*) FROM works w JOIN aic_artworks a USING (object_id) WHERE w.color IS NOT a.color")?[0].integerValue == 0)
    }

    /// `tables`' `sqlite_master` text, their indexes' and triggers', and
    /// their columns in order (name, type, NOT NULL, default, key).
    static func layout(of tables: [String], in database: Database) throws -> [String] {
        var lines: [String] = []
        for table in tables {
            lines += try database.fetchAll(sql: "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ? ORDER BY type, name", arguments: [.text(table)])
                .map { "\($0.values)" }
            lines += try database.fetchAll(sql: "SELECT * FROM pragma_table_info(?) ORDER BY cid", arguments: [.text(table)]).map { "\(table): \($0.values)" }
        }
        return lines
    }
}
