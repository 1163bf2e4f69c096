import FetchEngine
import Foundation
import Store
import Testing
@testable import AICSource
@testable import CMASource
@testable import ETLCatalog
@testable import ETLCore
@testable import ETLReport
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource

/// The shared columns of `works` mean the same for every source: each
/// source fills what its API has, its report charts what it fills, and its
/// `metadata.json` offers a facet only on a column with values.
@Suite("Shared work columns for every source", .serialized)
struct WorkColumnsTests {
    @Test("AIC's fields in the shared columns: department, classification, medium, culture, credit line, accession number, years")
    func aicMapping() throws {
        let item = try #require(AICAnswerTests.item([
            "department_title": .string("Painting and Sculpture of Europe"), "medium_display": .string("Oil on canvas"),
            "place_of_origin": .string("France"), "credit_line": .string("Helen Birch Bartlett Memorial Collection"),
            "main_reference_number": .string("1926.224"),
        ]))
        #expect(item.department == "Painting and Sculpture of Europe" && item.classification == "painting")
        #expect(item.medium == "Oil on canvas" && item.culture == "France")
        #expect(item.creditLine == "Helen Birch Bartlett Memorial Collection" && item.accessionNumber == "1926.224")
        #expect(item.year == 1884 && item.endYear == 1886)
        let bare = try #require(AICAnswerTests.item(["date_end": nil]))
        #expect(bare.department == nil && bare.medium == nil && bare.endYear == nil)
    }

    @Test("TMDB's first genre is the classification; an unknown genre or a malformed list is none, never a guess")
    func tmdbGenre() {
        #expect(TMDBGenre.first(of: .array([.integer(878), .integer(28)])) == "Science Fiction")
        #expect(TMDBGenre.first(of: .array([.integer(999_999)])) == nil)
        #expect(TMDBGenre.first(of: .array([])) == nil)
        #expect(TMDBGenre.first(of: .string("[28]")) == nil)
        #expect(TMDBGenre.first(of: nil) == nil)
    }

    @Test("AIC from the mock: the shared columns are the museum's own fields; departments charted; filled facets only")
    func aicCatalog() async throws {
        let fixture = try AICFixture(["--artworks", "2500", "--seed", "11"])
        let summary = try await fixture.run(fixture.options())
        #expect(summary.status == .completed && summary.kept > 0)
        let database = try Database(path: fixture.catalogPath, create: false, readOnly: true)
        func count(_ sql: String) throws -> Int { try database.fetchOne(sql: sql)?[0].integerValue ?? -1 }
        // The oracle: the museum's fields as the source table stores them.
        #expect(try count("""
            SELECT count(*) FROM works w JOIN aic_artworks a USING (object_id)
             WHERE w.department IS NOT a.department_title OR w.classification IS NOT a.classification_title
                OR w.medium IS NOT a.medium_display OR w.culture IS NOT a.place_of_origin
                OR w.credit_line IS NOT a.aic_credit_line OR w.accession_number IS NOT a.main_reference_number
                OR w.object_begin_date IS NOT a.date_start OR w.object_end_date IS NOT a.date_end
            """) == 0)
        let kept = try count("SELECT count(*) FROM works")
        #expect(kept == summary.kept)
        for (column, share) in [("department", 0.95), ("classification", 0.95), ("medium", 0.90)] {
            let filled = try count("SELECT count(*) FROM works WHERE \(column) IS NOT NULL")
            #expect(Double(filled) >= share * Double(kept), "\(column): \(filled) of \(kept)")
        }
        try Self.checkFacets(catalogPath: fixture.catalogPath, source: .aic, expected: ["department", "classification"])
        try Self.checkFields(catalogPath: fixture.catalogPath, source: .aic)
    }

    @Test("Flickr and TMDB from their mocks: charts by licence, genre and language, no chart of only \"(none)\"")
    func listingSources() async throws {
        let flickr = try SourceFixture(.flickr, mockOptions: ["--photos", "300", "--seed", "2"])
        #expect(try await flickr.run(flickr.options()).kept > 0)
        try Self.checkFacets(catalogPath: flickr.catalogPath, source: .flickr, expected: ["license_name"])
        try Self.checkFields(catalogPath: flickr.catalogPath, source: .flickr)
        let flickrRights = try Database(path: flickr.catalogPath, create: false, readOnly: true).fetchOne(sql: """
            SELECT count(*) AS n FROM works w JOIN flickr_photos f USING (object_id)
             WHERE w.rights IS NOT f.license_name OR w.rights_url IS NOT f.license_url
            """)?.int("n")
        #expect(flickrRights == 0, "a photo's rights are its own licence")

        let tmdb = try SourceFixture(.tmdb, mockOptions: ["--movies", "120", "--seed", "2"])
        #expect(try await tmdb.run(tmdb.options()).kept > 0)
        try Self.checkFacets(catalogPath: tmdb.catalogPath, source: .tmdb, expected: ["classification", "original_language"])
        try Self.checkFields(catalogPath: tmdb.catalogPath, source: .tmdb)
        // Every kept movie's genre is its first listed genre's name.
        let database = try Database(path: tmdb.catalogPath, create: false, readOnly: true)
        for row in try database.fetchAll(sql: "SELECT classification, genre_ids FROM works") {
            let ids = try #require(JSONValue.decode(Array((row.string("genre_ids") ?? "").utf8)))
            #expect(row.string("classification") == TMDBGenre.first(of: ids))
        }
    }

    @Test("the Met from its mock: the shared columns it says it fills have values, the rest are NULL; public domain is CC0")
    func metCatalog() async throws {
        let fixture = try CrawlFixture()
        // The committed sample has no period or country: one record more that has them.
        var lines = try String(contentsOfFile: TestPaths.sample("objects.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        guard case .object(var record)? = JSONValue.decode(Array(try #require(lines.first).utf8)) else {
            Issue.record("the sample's first line is not an object")
            return
        }
        record["objectID"] = .integer(9_999_001)
        (record["period"], record["country"]) = (.string("Edo period (1615–1868)"), .string("Japan"))
        lines.append(JSONValue.object(record).encoded)
        let data = fixture.path("objects.jsonl")
        try lines.joined(separator: "\n").write(toFile: data, atomically: true, encoding: .utf8)
        let mock = try MockServer(data: data)
        _ = try await fixture.crawl(fixture.options(api: mock.api))
        try Self.checkFields(catalogPath: fixture.catalogPath, source: .met)
        let database = try Database(path: fixture.catalogPath, create: false, readOnly: true)
        let mismatched = try database.fetchOne(sql: """
            SELECT count(*) AS n FROM objects
             WHERE coalesce(is_public_domain, 0) = 1
                IS NOT (rights IS 'CC0 1.0' AND rights_url IS 'https://creativecommons.org/publicdomain/zero/1.0/')
            """)?.int("n")
        #expect(mismatched == 0)
        #expect(try database.fetchOne(sql: "SELECT count(*) AS n FROM works WHERE rights IS NULL")?.int("n") == 0,
                "every kept work is public domain, so CC0")
    }

    /// What each source says of the shared columns (``SourceAttribution/fields``,
    /// printed in `docs/catalog.md` and `metadata.json`) is what its catalog
    /// holds: a column it names has a value in some row, one it does not is
    /// NULL in every row (`artist_display_name` is NOT NULL: empty there).
    static func checkFields(catalogPath: String, source name: SourceName, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fields = SourceRegistry.source(name).attribution.fields
        let database = try Database(path: catalogPath, create: false, readOnly: true)
        // `objects`: every listed item, kept or not, has every shared column.
        for column in SharedColumn.allCases where !column.isDerived {
            let filled = try database.fetchOne(sql: """
                SELECT count(*) AS n FROM objects WHERE \(column.rawValue) IS NOT NULL AND \(column.rawValue) IS NOT ''
                """)?.int("n") ?? -1
            if fields[column] == nil {
                #expect(filled == 0, "\(name.rawValue): \(column.rawValue) is said to be NULL, \(filled) rows have it",
                        sourceLocation: sourceLocation)
            } else if column != .artistDisplayName || name != .tmdb {
                #expect(filled > 0, "\(name.rawValue): \(column.rawValue) is said to come from \(fields[column] ?? ""), no row has it",
                        sourceLocation: sourceLocation)
            }
        }
    }

    /// `metadata.json` offers exactly `expected` on `works`, each with values;
    /// the report charts each by its title with the catalog's counts, and
    /// no facet the source lacks.
    static func checkFacets(
        catalogPath: String, source name: SourceName, expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let source = SourceRegistry.source(name)
        let metadata = try #require(
            try JSONSerialization.jsonObject(with: CatalogMetadata.json(catalogPath: catalogPath, source: source.described)) as? [String: Any])
        let databases = try #require(metadata["databases"] as? [String: [String: Any]])
        let tables = try #require(databases.values.first?["tables"] as? [String: [String: Any]])
        #expect(tables["works"]?["facets"] as? [String] == expected, sourceLocation: sourceLocation)
        let database = try Database(path: catalogPath, create: false, readOnly: true)
        for column in expected {
            let filled = try database.fetchOne(sql: "SELECT count(*) FROM works WHERE trim(CAST(\(column) AS TEXT)) <> ''")?[0].integerValue ?? 0
            #expect(filled > 0, "\(name.rawValue): facet \(column) has no values", sourceLocation: sourceLocation)
        }

        var options = ReportOptions()
        options.catalogPath = catalogPath
        let html = try String(contentsOfFile: try ReportBuilder(options: options).run(), encoding: .utf8)
        let figures = ReportTests.figures(in: html)
        for facet in source.facets {
            #expect(html.contains("Works kept by \(facet.title)"), "\(name.rawValue): \(facet.title)", sourceLocation: sourceLocation)
            let expectedCounts = try database.fetchAll(sql: """
                SELECT coalesce(trim(CAST(\(facet.column) AS TEXT)), '') AS v, count(*) AS n FROM works GROUP BY v
                """)
            #expect(expectedCounts.count > 1 || expectedCounts.first?.string("v") != "", sourceLocation: sourceLocation)
            for row in expectedCounts {
                let key = "\(facet.column):\(row.string("v") ?? "?")"
                #expect(figures[key].flatMap { Int($0.replacingOccurrences(of: ",", with: "")) } == row.int("n"), "\(key)",
                        sourceLocation: sourceLocation)
            }
        }
        if !expected.contains("department") {
            #expect(!html.contains("Works kept by department"), sourceLocation: sourceLocation)
        }
    }
}
