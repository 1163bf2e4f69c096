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

/// A version 2 catalog, as released, upgraded in place to version 3.
@Suite("Catalog migration to version 3")
struct CatalogMigrationTests {
    /// Builds a version 2 catalog with its own DDL and the row shapes the
    /// version 2 crawl wrote (bodies in `objects.raw_json`).
    static func makeVersion2(at path: String) throws {
        let database = try Database(path: path)
        try database.execute(sql: "PRAGMA page_size = \(CatalogSchema.pageSize)")
        try database.execute(sql: CatalogSchema.migrations[0])
        try database.execute(sql: CatalogSchema.migrations[1])
        try database.execute(sql: "PRAGMA application_id = \(CatalogSchema.applicationID); PRAGMA user_version = 2")
        let insert = try database.makeStatement(sql: """
            INSERT INTO objects (object_id, state, needs_fetch, raw_json, title, artist_display_name,
                                 classification, object_date, primary_image, department, is_complete, dedup_key)
            VALUES (?, 'fetched', 0, ?, ?, 'Jean-François Millet', 'Drawings', '1866', 'https://x/y.jpg',
                    'Drawings and Prints', 1, ?)
            """)
        let titles = [1: "Seated Peasant Woman with Goats", 2: "Sword (<i>Wakizashi</i>)"]
        for (id, title) in titles.sorted(by: { $0.key < $1.key }) {
            let body = String(decoding: CatalogFixture.body(id, artist: "Jean-François Millet", title: title, [
                "objectBeginDate": .number("1866"), "objectEndDate": .number("1867"), "culture": .string("French"),
                "period": .string(""), "creditLine": .string("Gift, 1990"), "isHighlight": .bool(false),
            ]), as: UTF8.self)
            try insert.execute(arguments: [.integer(Int64(id)), .text(body), .text(title), .text("k\(id)")])
        }
        try database.execute(sql: """
            INSERT INTO objects (object_id, state) VALUES (3, 'gone');
            INSERT INTO works (object_id, title, artist_display_name, department, classification, object_date, primary_image)
                SELECT object_id, title, artist_display_name, department, classification, object_date, primary_image
                  FROM objects WHERE is_complete = 1;
            """)
    }

    @Test func version2UpgradesInPlace() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        try Self.makeVersion2(at: path)
        let catalog = try Catalog.open(path: path)
        #expect(try catalog.database.fetchOne(sql: "PRAGMA user_version")?.int("user_version") == CatalogSchema.version)
        #expect(try catalog.count("SELECT count(*) FROM run_minutes") == 0)
        let objectColumns = try catalog.database.fetchAll(sql: "SELECT name FROM pragma_table_info('objects')").compactMap { $0.string("name") }
        #expect(!objectColumns.contains("raw_json"))
        #expect(try catalog.count("SELECT count(*) FROM objects_raw") == 2)
        let row = try #require(try catalog.objectRow(1))
        #expect(row.int("object_begin_date") == 1866 && row.int("object_end_date") == 1867)
        #expect(row.string("culture") == "French" && row["period"] == .null && row.int("is_highlight") == 0)
        #expect(row.string("raw_json")?.contains("\"culture\": \"French\"") == true)
        let work = try #require(try catalog.database.fetchOne(sql: "SELECT * FROM works WHERE object_id = 2"))
        #expect(work.string("title_text") == "Sword (Wakizashi)" && work.string("credit_line") == "Gift, 1990")
        #expect(try CatalogWorksTests.match(catalog, "goat") == [1])
        #expect(try catalog.rejectionPairs() == ["3:gone"])
        #expect(try catalog.integrityCheck() == "ok")
        // The crawl writes into the upgraded file as into a new one.
        try catalog.record([CatalogFixture.fetched(4, artist: "Claude Monet", title: "Haystacks")])
        try catalog.rebuildWorks()
        #expect(try CatalogWorksTests.match(catalog, "haystack") == [4])
    }
}
