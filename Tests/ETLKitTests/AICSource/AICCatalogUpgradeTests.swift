import Foundation
import Store
import Testing
@testable import AICSource
@testable import ETLCatalog
@testable import ETLCore

/// A catalog of another source than the Met, as etl at schema version 7
/// wrote it (Tests/Fixtures/catalog/aic-v7.sql: one crawl of the AIC mock by
/// the binary of 15f8375), upgrades on its next crawl to what a fresh
/// catalog crawled the same way holds: the same tables, columns, indexes,
/// views and triggers, and the same rows.
@Suite("An AIC catalog of version 7 upgrades to a fresh one", .serialized)
struct AICCatalogUpgradeTests {
    /// As scripts/make_catalog_fixtures.py --aic crawled it.
    static let mockOptions = ["--artworks", "100", "--seed", "3"]

    /// Columns a second crawl changes by design: when, and how many times.
    static let volatile: Set<String> = ["fetched_at", "attempts"]

    @Test("schema 8 and the source's own columns, by name; every row as a fresh crawl writes it")
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
        // ALTER TABLE appends: version 8's columns follow AIC's own on the
        // upgraded `works`, and precede them on a fresh one. Same names,
        // types and constraints; queries name their columns.
        for table in ["objects", "works", "aic_artworks", "object_reasons", "objects_raw", "images", "pacing_memory"] {
            let columns = (old: try Self.columns(of: table, in: old), new: try Self.columns(of: table, in: new))
            #expect(columns.old == columns.new, "\(table)")
            let names = columns.new.map { $0.split(separator: " ")[0] }.filter { !Self.volatile.contains(String($0)) }
            guard !names.isEmpty else { continue }
            let sql = "SELECT \(names.joined(separator: ", ")) FROM \(table) ORDER BY \(names.joined(separator: ", "))"
            let rows = (old: try old.fetchAll(sql: sql).map { $0.values }, new: try new.fetchAll(sql: sql).map { $0.values })
            let differing = names.indices.filter { column in
                rows.old.count != rows.new.count || zip(rows.old, rows.new).contains { $0[column] != $1[column] }
            }.map { names[$0] }
            #expect(differing.isEmpty, "\(table): \(rows.old.count) rows upgraded, \(rows.new.count) fresh; differ in \(differing)")
        }
        let kept = try old.fetchOne(sql: "SELECT count(*) FROM works WHERE rights = 'CC0 1.0'")?[0].integerValue
        #expect(kept == upgraded.kept, "every kept AIC work is public domain: CC0, filled by the crawl after the upgrade")
        let others = "SELECT type, name, sql FROM sqlite_master WHERE type <> 'table' ORDER BY type, name"
        #expect(try old.fetchAll(sql: others).map { $0.values } == new.fetchAll(sql: others).map { $0.values })
    }

    /// `name type notnull default pk` of each column, sorted by name.
    static func columns(of table: String, in database: Database) throws -> [String] {
        try database.fetchAll(sql: """
            SELECT name || ' ' || type || ' ' || "notnull" || ' ' || coalesce(dflt_value, 'NULL') || ' ' || pk AS line
              FROM pragma_table_info(?)
            """, arguments: [.text(table)]).map { try #require(try $0.text(named: "line")) }.sorted()
    }
}
