import Foundation
import Store
import Testing
@testable import AICSource
@testable import ETLCatalog
@testable import ETLCore
@testable import ETLPipeline
@testable import SourceKit
@testable import SourceRegistry

/// A catalog of another source than the Met, as etl at schema version 7
/// wrote it (Tests/Fixtures/catalog/aic-v7.sql: one crawl of the AIC mock by
/// the binary of 15f8375), upgrades on its next crawl to what a fresh
/// catalog crawled the same way holds: the same tables, columns, indexes,
/// views and triggers, and the same rows.
@Suite("An AIC catalog of version 7 upgrades to a fresh one", .serialized)
struct AICCatalogUpgradeTests {
    /// As scripts/fixtures/make_catalog_fixtures.py --aic crawled it.
    static let mockOptions = ["--artworks", "100", "--seed", "3"]

    /// Columns a second crawl changes by design: when, and how many times.
    static let volatile: Set<String> = ["fetched_at", "attempts"]

    @Test("schema 8 with every table's columns in a fresh catalog's order and text; every row as a fresh crawl writes it; a second open changes nothing")
    func upgradesToFresh() async throws {
        let fixture = try AICFixture(Self.mockOptions)
        do {
            let old = try CatalogFixture.shipped("aic-v7", path: fixture.catalogPath)
            #expect(try old.fetchOne(sql: "PRAGMA user_version")?[0].integerValue == 7)
            #expect(try old.fetchOne(sql: "SELECT count(*) FROM works")?[0].integerValue ?? 0 > 0)
        }
        let upgraded = try await fixture.run(fixture.options())
        // The same mock: its picture URLs name its port.
        let fresh = try CrawlFixture()
        var options = fixture.options()
        (options.catalogPath, options.outDirectory) = (fresh.catalogPath, fresh.pagesPath)
        let first = try await fixture.run(options)
        #expect(upgraded.status == .completed && first.status == .completed && upgraded.kept == first.kept)

        let old = try Database(path: fixture.catalogPath, create: false, readOnly: true)
        let new = try Database(path: fresh.catalogPath, create: false, readOnly: true)
        #expect(try old.fetchOne(sql: "PRAGMA user_version")?[0].integerValue == CatalogSchema.version)
        // ALTER TABLE appended version 8's columns after AIC's own on the
        // upgraded `works`; the source kit moved them to where a fresh
        // catalog has them. Every table's columns in order (name, type,
        // NOT NULL, default, key), the header pragmas, and the exact text
        // of every table, index, view and trigger.
        let schema = (old: try SchemaSnapshot(old), new: try SchemaSnapshot(new))
        #expect(schema.old == schema.new, "\(CatalogMigrationFixtureTests.difference(schema.old.lines, schema.new.lines))")
        let objects = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        #expect(try old.fetchAll(sql: objects).map { $0.values } == new.fetchAll(sql: objects).map { $0.values })
        for table in ["objects", "works", "aic_artworks", "object_reasons", "objects_raw", "images", "pacing_memory"] {
            let names = try Self.columnNames(of: table, in: new).filter { !Self.volatile.contains($0) }
            guard !names.isEmpty else { Issue.record("\(table) has no columns"); continue }
            let sql = "SELECT \(names.joined(separator: ", ")) FROM \(table) ORDER BY \(names.joined(separator: ", "))"
            let rows = (old: try old.fetchAll(sql: sql).map { $0.values }, new: try new.fetchAll(sql: sql).map { $0.values })
            let differing = names.indices.filter { column in
                rows.old.count != rows.new.count || zip(rows.old, rows.new).contains { $0[column] != $1[column] }
            }.map { names[$0] }
            #expect(differing.isEmpty, "\(table): \(rows.old.count) rows upgraded, \(rows.new.count) fresh; differ in \(differing)")
        }
        let kept = try old.fetchOne(sql: "SELECT count(*) FROM works WHERE rights = 'CC0 1.0'")?[0].integerValue
        #expect(kept == upgraded.kept, "every kept AIC work is public domain: CC0, filled by the crawl after the upgrade")

        // A second open moves nothing: SQLite's schema counter stays.
        let catalog = try Catalog.open(path: fixture.catalogPath, reasons: SourceRegistry.reasons)
        let counter = "PRAGMA schema_version"
        let before = try catalog.database.fetchOne(sql: counter)?[0].integerValue
        try catalog.bind(to: SourceRegistry.source(AICSource.name))
        #expect(try catalog.orderColumnsAsFresh(AICArtwork.table).isEmpty)
        #expect(try catalog.database.fetchOne(sql: counter)?[0].integerValue == before)
    }

    /// `table`'s column names, in order.
    static func columnNames(of table: String, in database: Database) throws -> [String] {
        try database.fetchAll(sql: "SELECT name FROM pragma_table_info(?)", arguments: [.text(table)]).map { try #require(try $0.text(named: "name")) }
    }
}
