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

/// `metadata.json` and `docs/catalog.md`, both from ``CatalogDescription``.
@Suite("Catalog metadata and documentation")
struct CatalogMetadataTests {
    /// Every table, view and column of a new catalog is described, and
    /// nothing described is missing from it.
    @Test func descriptionCoversTheSchemaExactly() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        let names = try catalog.database.fetchAll(sql: """
            SELECT name FROM sqlite_master
             WHERE type IN ('table', 'view') AND name NOT LIKE 'works_fts_%' AND name NOT LIKE 'sqlite_%'
             ORDER BY name
            """).compactMap { $0.string("name") }
        #expect(names == CatalogDescription.tables.map(\.name).sorted())
        for table in CatalogDescription.tables where table.name != "works_fts" {
            let columns = try catalog.database.fetchAll(sql: "SELECT name FROM pragma_table_info(?) ORDER BY name",
                                                        arguments: [.text(table.name)]).compactMap { $0.string("name") }
            #expect(columns == table.columns.map(\.name).sorted(), "\(table.name)")
            #expect(table.columns.allSatisfy { !$0.description.isEmpty }, "\(table.name)")
        }
    }

    @Test func metadataHasWhatDatasetteReads() throws {
        let data = CatalogMetadata.json(catalogPath: "data/catalog.sqlite")
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["license"] as? String == "CC0 1.0")
        #expect(json["license_url"] as? String == "https://creativecommons.org/publicdomain/zero/1.0/")
        #expect(json["source_url"] as? String == "https://metmuseum.github.io/")
        let database = try #require((json["databases"] as? [String: Any])?["catalog"] as? [String: Any])
        let tables = try #require(database["tables"] as? [String: [String: Any]])
        #expect(tables["works"]?["fts_table"] as? String == "works_fts")
        #expect(tables["works"]?["fts_pk"] as? String == "object_id")
        #expect(tables["works"]?["facets"] as? [String] == ["department", "classification"])
        #expect(tables["settings"]?["hidden"] as? Bool == true)
        #expect((tables["works"]?["columns"] as? [String: String])?["object_begin_date"]?.contains("integer") == true)
        let queries = try #require(database["queries"] as? [String: [String: String]])
        #expect(Set(queries.keys) == Set(CatalogDescription.queries.map(\.name)))
        #expect(CatalogMetadata.json(catalogPath: "data/catalog.sqlite") == data, "byte-identical")
    }

    /// Each canned query runs on a real catalog (parameters bound as Datasette would).
    @Test func cannedQueriesRun() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record((1...5).map { CatalogFixture.fetched($0, title: "Goats \($0)", ["objectBeginDate": .number("\(1600 + $0 * 100)")]) })
        try catalog.record([CatalogFixture.fetched(6, ["title": .null]), CatalogFixture.fetched(7, ["objectBeginDate": .number("-50")])])
        try catalog.rebuildWorks()
        try catalog.recordPages([[1, 2], [3]])
        for query in CatalogDescription.queries {
            let statement = try catalog.database.makeStatement(sql: query.sql)
            var arguments: [DatabaseValue] = []
            if query.sql.contains(":query") { arguments.append("goat") }
            if query.sql.contains(":page") { arguments.append(1) }
            let rows = try statement.fetchAll(arguments: arguments)
            if query.name != "last_runs" { #expect(!rows.isEmpty, "\(query.name)") }
        }
        let centuries = try catalog.database.fetchAll(sql: CatalogDescription.queries.last!.sql).map { "\($0.int("century") ?? 0):\($0.int("works") ?? 0)" }
        // 1700 is the last year of the 17th century; 50 BCE is in the 1st century BCE.
        #expect(centuries == ["-1:1", "17:1", "18:1", "19:1", "20:1", "21:1"])
    }

    @Test func writtenBesideTheCatalogAndNeverOverAForeignFile() throws {
        let directory = TemporaryDirectory()
        let catalogPath = directory.path("data/catalog.sqlite")
        let path = directory.path("data/metadata.json")
        #expect(CatalogMetadata.path(besideCatalog: catalogPath) == path)
        try FileManager.default.createDirectory(atPath: directory.path("data"), withIntermediateDirectories: true)
        #expect(try CatalogMetadata.write(besideCatalog: catalogPath) == path)
        #expect(FileManager.default.contents(atPath: path) == CatalogMetadata.json(catalogPath: catalogPath))
        #expect(try CatalogMetadata.write(besideCatalog: catalogPath) == nil, "unchanged: not rewritten")
        try Data("{\"title\": \"mine\"}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: OutputError("the catalog metadata", path: path, reason: "it exists and etl did not write it")) {
            try CatalogMetadata.write(besideCatalog: catalogPath)
        }
        #expect(FileManager.default.contents(atPath: path) == Data("{\"title\": \"mine\"}".utf8))
    }

    /// docs/catalog.md is the rendering of the same descriptions; set
    /// ETL_WRITE_DOCS=1 to regenerate it.
    @Test func docsAreGenerated() throws {
        let path = TestPaths.packageRoot.appendingPathComponent("docs/catalog.md").path
        let expected = CatalogMetadata.markdown()
        if ProcessInfo.processInfo.environment["ETL_WRITE_DOCS"] == "1" {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try expected.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }
}

/// Each source's `metadata.json`: its terms, its attribution and its own table.
@Suite("Catalog metadata per source")
struct SourceMetadataTests {
    @Test(arguments: [FlickrSource.name, .tmdb])
    func sourceMetadata(source: SourceName) throws {
        let data = CatalogMetadata.json(catalogPath: "data/\(source.rawValue)/catalog.sqlite", source: source)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tables = try #require(((json["databases"] as? [String: Any])?["catalog"] as? [String: Any])?["tables"] as? [String: Any])
        let table = try #require(source.table)
        let entry = try #require(tables[table.name] as? [String: Any])
        let columns = try #require(entry["columns"] as? [String: String])
        #expect(Set(columns.keys) == Set(["object_id"] + table.columns.map(\.name)))
        let works = try #require(tables["works"] as? [String: Any])
        #expect((works["description"] as? String) == SourceAttribution.of(source).worksDescription)
        #expect(works["fts_table"] as? String == "works_fts")
        let notice = source == .flickr
            ? "This product uses the Flickr API but is not endorsed or certified by SmugMug, Inc."
            : "This product uses the TMDB API but is not endorsed or certified by TMDB."
        #expect((json["description"] as? String)?.contains(notice) == true)
        #expect(json["license_url"] as? String != SourceAttribution.of(.met).licenseURL)
    }

    /// The source's columns join `works` by name: one sharing a core name
    /// would be skipped by the ALTER and then overwritten by the copy.
    @Test(arguments: [FlickrSource.name, .tmdb])
    func sourceColumnsAreNotCoreColumns(source: SourceName) throws {
        let table = try #require(source.table)
        let core = Set(CatalogDescription.tables.first { $0.name == "works" }?.columns.map(\.name) ?? [])
        #expect(!core.isEmpty)
        #expect(core.isDisjoint(with: table.columns.map(\.name)))
    }
}
