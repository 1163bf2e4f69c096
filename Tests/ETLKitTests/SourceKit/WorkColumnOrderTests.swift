import Foundation
import Store
import Testing
@testable import ETLCatalog
@testable import ETLCore
@testable import SourceKit
@testable import SourceRegistry

/// Binding puts the columns an upgrade appended where a fresh catalog has
/// them: a source column added since (in the middle of the source's list)
/// and shared columns a schema version added after the source's own.
@Suite("Work column order")
struct WorkColumnOrderTests {
    static let source = SourceName("demo")
    static let legacy = SourceName("met")
    static let table = SourceTable(name: "demo_items", description: "", columns: [
        .column("a", "TEXT", ""), .column("b", "INTEGER", ""), .column("c", "TEXT", ""),
    ])
    /// The same table as an earlier release declared it: no `b` yet.
    static let earlier = SourceTable(name: "demo_items", description: "", columns: [.column("a", "TEXT", ""), .column("c", "TEXT", "")])

    /// Each work's id, title and the columns the tests read back.
    static let rows: [(id: Int, title: String, a: String, c: String, rights: String)] = [
        (1, "Wheatfield with crows", "a1", "c1", "CC0 1.0"), (2, "Nighthawks", "a2", "c2", "CC BY 4.0"),
    ]

    /// A catalog as an earlier release bound it, holding `rows`: `works`'
    /// `rights` made after the source's columns, as a schema step's ADD
    /// COLUMN leaves it on a catalog bound before the step.
    static func earlierCatalog(at path: String, table: SourceTable = earlier) throws -> Catalog {
        let catalog = try Catalog.open(path: path, reasons: SourceRegistry.reasons)
        try catalog.bind(to: source, table: table, legacy: legacy)
        try catalog.database.execute(sql: "ALTER TABLE works DROP COLUMN rights; ALTER TABLE works ADD COLUMN rights TEXT")
        for row in rows {
            try catalog.database.execute(sql: "INSERT INTO objects (object_id) VALUES (?)", arguments: [.int(row.id)])
            try catalog.database.execute(sql: """
                INSERT INTO works (object_id, title, title_text, artist_display_name, primary_image, page, position, a, c, rights)
                VALUES (?, ?, ?, '', 'https://example.org/p.jpg', 1, ?, ?, ?, ?)
                """, arguments: [.int(row.id), .text(row.title), .text(row.title), .int(row.id), .text(row.a), .text(row.c), .text(row.rights)])
            try catalog.database.execute(sql: "INSERT INTO demo_items (object_id, a, c) VALUES (?, ?, ?)",
                                         arguments: [.int(row.id), .text(row.a), .text(row.c)])
        }
        return catalog
    }

    @Test("an earlier catalog's works and source table are rebuilt to a fresh one's columns, text, indexes and triggers; rows and full-text search kept")
    func rebuildsToFresh() throws {
        let directory = TemporaryDirectory()
        let fresh = try Catalog.open(path: directory.path("fresh.sqlite"), reasons: SourceRegistry.reasons)
        try fresh.bind(to: Self.source, table: Self.table, legacy: Self.legacy)

        let catalog = try Self.earlierCatalog(at: directory.path("earlier.sqlite"))
        let tables = ["works", "demo_items"]
        #expect(try SourceTableTests.layout(of: tables, in: catalog.database) != SourceTableTests.layout(of: tables, in: fresh.database))
        try catalog.bind(to: Self.source, table: Self.table, legacy: Self.legacy)

        let schema = (upgraded: try SchemaSnapshot(catalog.database), fresh: try SchemaSnapshot(fresh.database))
        #expect(schema.upgraded == schema.fresh, "\(CatalogMigrationFixtureTests.difference(schema.upgraded.lines, schema.fresh.lines))")
        let stored = try catalog.database.fetchAll(sql: """
            SELECT w.object_id, w.title, w.a, w.b, w.c, w.rights, d.a AS da, d.b AS db, d.c AS dc
              FROM works w JOIN demo_items d USING (object_id) ORDER BY object_id
            """).map { row in
            [try row.integer(named: "object_id").map(String.init), try row.text(named: "title"), try row.text(named: "a"),
             try row.integer(named: "b").map(String.init), try row.text(named: "c"), try row.text(named: "rights"),
             try row.text(named: "da"), try row.integer(named: "db").map(String.init), try row.text(named: "dc")]
        }
        #expect(stored == Self.rows.map { [String($0.id), $0.title, $0.a, nil, $0.c, $0.rights, $0.a, nil, $0.c] })
        #expect(try catalog.database.fetchOne(sql: "PRAGMA foreign_keys")?.integer(named: "foreign_keys") == 1)
        #expect(try catalog.integrityCheck() == "ok")

        // The full-text index still knows each work by its id, and its
        // triggers are back: a work added now is found, once.
        try catalog.database.execute(sql: "INSERT INTO works_fts (works_fts) VALUES ('integrity-check')")
        let search = "SELECT rowid AS id FROM works_fts WHERE works_fts MATCH ? ORDER BY rowid"
        #expect(try catalog.database.fetchAll(sql: search, arguments: [.text("nighthawks")]).map { try $0.integer(named: "id") } == [2])
        try catalog.database.execute(sql: "INSERT INTO objects (object_id) VALUES (3)")
        try catalog.database.execute(sql: """
            INSERT INTO works (object_id, title, title_text, artist_display_name, primary_image) VALUES (3, 'Nighthawks II', 'Nighthawks II', '', 'x')
            """)
        #expect(try catalog.database.fetchAll(sql: search, arguments: [.text("nighthawks")]).map { try $0.integer(named: "id") } == [2, 3])
        try catalog.database.execute(sql: "INSERT INTO works_fts (works_fts) VALUES ('integrity-check')")
    }

    @Test("a second bind rebuilds nothing: SQLite's schema counter stays")
    func secondBindChangesNothing() throws {
        let directory = TemporaryDirectory()
        let catalog = try Self.earlierCatalog(at: directory.path("earlier.sqlite"))
        try catalog.bind(to: Self.source, table: Self.table, legacy: Self.legacy)
        let counter = "PRAGMA schema_version"
        let before = try catalog.database.fetchOne(sql: counter)?.integer(named: "schema_version")
        try catalog.bind(to: Self.source, table: Self.table, legacy: Self.legacy)
        #expect(try catalog.orderColumnsAsFresh(Self.table).isEmpty)
        #expect(try catalog.database.fetchOne(sql: counter)?.integer(named: "schema_version") == before)
    }

    @Test("a table holding a column the source no longer declares is left as it is, its values kept")
    func undeclaredColumnKept() throws {
        let directory = TemporaryDirectory()
        let withZ = SourceTable(name: "demo_items", description: "", columns: Self.earlier.columns + [.column("z", "TEXT", "")])
        let catalog = try Self.earlierCatalog(at: directory.path("earlier.sqlite"), table: withZ)
        try catalog.database.execute(sql: "UPDATE demo_items SET z = 'kept'; UPDATE works SET z = 'kept'")
        try catalog.bind(to: Self.source, table: Self.table, legacy: Self.legacy)
        for table in ["works", "demo_items"] {
            #expect(try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM \(table) WHERE z = 'kept'")?.integer(named: "n") == Self.rows.count)
        }
    }
}
