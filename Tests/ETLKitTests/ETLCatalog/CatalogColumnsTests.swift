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

/// Version 3's typed columns, full-text index, indexes and views.
@Suite("Catalog typed columns, full text and views")
struct CatalogColumnsTests {
    /// Every promoted column equals what a general JSON parser reads from
    /// the same real record (blank text as NULL, markup stripped from the title).
    @Test("promoted columns match the real records", .enabled(if: TestPaths.realData("objects.jsonl") != nil, "../shared/met-real/objects.jsonl is not present"))
    func promotedColumnsOnRealRecords() throws {
        let path = try #require(TestPaths.realData("objects.jsonl"))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").prefix(2_000)
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        var records: [Int: [String: Any]] = [:]
        var results: [MetResult] = []
        for line in lines {
            let body = Array(line.utf8)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
            guard let id = json["objectID"] as? Int else { continue }
            records[id] = json
            results.append(CatalogFixture.fetched(id, body: body))
        }
        try catalog.record(results)
        try catalog.rebuildWorks()
        func text(_ value: Any?) -> String? {
            guard let string = value as? String, !string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return string
        }
        func integer(_ value: Any?) -> Int? {
            // The real records hold these as JSON integers (or null) only.
            value as? Int
        }
        var checked = 0
        var withMarkup = 0
        for row in try catalog.database.fetchAll(sql: "SELECT * FROM objects") {
            let id = try #require(row.int("object_id"))
            let json = try #require(records[id])
            #expect(row.int("object_begin_date") == integer(json["objectBeginDate"]), "object \(id)")
            #expect(row.int("object_end_date") == integer(json["objectEndDate"]), "object \(id)")
            #expect(row.string("culture") == text(json["culture"]), "object \(id)")
            #expect(row.string("period") == text(json["period"]), "object \(id)")
            #expect(row.string("country") == text(json["country"]), "object \(id)")
            #expect(row.string("artist_nationality") == text(json["artistNationality"]), "object \(id)")
            #expect(row.string("accession_number") == text(json["accessionNumber"]), "object \(id)")
            #expect(row.string("credit_line") == text(json["creditLine"]), "object \(id)")
            #expect(row.int("is_highlight") == (json["isHighlight"] as? Bool).map { $0 ? 1 : 0 }, "object \(id)")
            #expect(row.string("medium") == json["medium"] as? String, "object \(id)")
            let title = json["title"] as? String
            if title?.contains("<") == true { withMarkup += 1 }
            #expect(row.string("title_text")?.contains("<i>") != true, "object \(id)")
            #expect(title?.contains("<") == true || row.string("title_text") == title.map {
                $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }, "object \(id)")
            checked += 1
        }
        #expect(checked == records.count && checked > 1_000)
        #expect(withMarkup > 0, "the real records include titles with markup")
        // works carries the same values for kept works.
        let mismatches = try catalog.count("""
            SELECT count(*) FROM works w JOIN objects o USING (object_id)
             WHERE (w.object_begin_date, w.culture, w.medium, w.primary_image_small, w.title_text, w.credit_line)
                IS NOT (o.object_begin_date, o.culture, o.medium, o.primary_image_small, o.title_text, o.credit_line)
            """)
        #expect(mismatches == 0)
        #expect(try catalog.count("SELECT count(*) FROM works") > 0)
    }

    @Test(arguments: [
        ("Sword (<i>Wakizashi</i>)", "Sword (Wakizashi)"),
        ("<em>Le</em>  <b>Printemps</b>", "Le Printemps"),
        ("Salt &amp; Pepper", "Salt & Pepper"),
        ("a < b and <3", "a < b and <3"),
        ("Plain title", "Plain title"),
        ("  Two  spaces ", "Two spaces"), ("Tab\there", "Tab here"), ("Line\r\nbreak", "Line break"),
        ("Caf\u{E9}  au lait", "Caf\u{E9} au lait"), ("No\u{A0}break", "No break"), ("", ""),
    ])
    func titleTextDropsMarkup(title: String, expected: String) {
        #expect(PlainText.from(markup: title) == expected)
    }

    /// Text without markup comes back collapsed exactly as splitting on
    /// Unicode whitespace and joining with one space would make it (the
    /// ASCII shortcut included), over every string of up to 4 of these
    /// pieces (11,110 strings).
    @Test func textWithoutMarkupIsCollapsedAsSplittingWouldCollapseIt() {
        let pieces = ["a", "B", " ", "\t", "\n", "\r\n", "\u{E9}", "\u{A0}", "\u{1F}", "."]
        var texts = [""]
        for _ in 1...4 {
            texts = texts.flatMap { text in pieces.map { text + $0 } }
            for text in texts {
                #expect(PlainText.from(markup: text) == text.split(whereSeparator: \.isWhitespace).joined(separator: " "), "\(text.debugDescription)")
            }
        }
    }

    @Test func fullTextIsDetectableAndStems() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record([
            CatalogFixture.fetched(1, artist: "Jean-François Millet", title: "Seated Peasant Woman with Goats"),
            CatalogFixture.fetched(2, artist: "Anonymous", title: "Sword (<i>Wakizashi</i>)"),
            CatalogFixture.fetched(3, artist: "Someone", title: "Cat"),
        ])
        try catalog.rebuildWorks()
        let sql = try #require(try catalog.database.fetchOne(sql: "SELECT sql FROM sqlite_master WHERE name = 'works_fts'")?.string("sql"))
        // Datasette's and sqlite-utils' detect_fts() look for exactly this.
        #expect(sql.contains("content=\"works\""))
        #expect(sql.contains("content_rowid=\"object_id\""))
        #expect(try CatalogWorksTests.match(catalog, "cat OR goat") == [1, 3])
        #expect(try CatalogWorksTests.match(catalog, "wakizashi") == [2])
        #expect(try CatalogWorksTests.match(catalog, "i") == [], "markup is not indexed")
        #expect(try catalog.database.fetchOne(sql: "SELECT title_text FROM works WHERE object_id = 2")?.string("title_text") == "Sword (Wakizashi)")
    }

    @Test func facetsAndFiltersUseIndexes() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        let plans: [(String, String)] = [
            ("SELECT department, count(*) FROM objects GROUP BY department", "objects_by_department"),
            ("SELECT classification, count(*) FROM works GROUP BY classification", "works_by_classification"),
            ("SELECT count(*) FROM objects WHERE state = 'gone'", "objects_by_state"),
            ("SELECT object_id FROM works WHERE object_begin_date BETWEEN 1800 AND 1899", "works_by_begin_date"),
        ]
        for (query, index) in plans {
            let plan = try catalog.database.fetchAll(sql: "EXPLAIN QUERY PLAN " + query).compactMap { $0.string("detail") }
            #expect(plan.contains { $0.contains(index) }, "\(query): \(plan)")
        }
    }

    @Test func viewsAreGeneratedFromTheReasonEnum() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        let stored = try catalog.database.fetchAll(sql: "SELECT name, sql FROM sqlite_master WHERE type = 'view' ORDER BY name")
            .map { "\($0.string("name") ?? "")=\($0.string("sql") ?? "")" }
        #expect(stored == [
            "rejected_objects=\(SourceRegistry.reasons.rejectedObjectsViewSQL)",
            "rejections=\(SourceRegistry.reasons.rejectionsViewSQL)",
        ])
    }

    @Test func rejectedObjectsHasOneRowPerObject() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record([
            CatalogFixture.fetched(1, ["title": .null, "isPublicDomain": .bool(false)]),
            CatalogFixture.fetched(2, artist: "A", title: "T"),
            CatalogFixture.fetched(3, artist: "A", title: "T"),
            CatalogFixture.gone(4),
            CatalogFixture.fetched(5),
        ])
        try catalog.rebuildWorks()
        let rows = try catalog.database.fetchAll(sql: "SELECT * FROM rejected_objects ORDER BY object_id").map {
            "\($0.int("object_id") ?? -1) \($0.string("first_reason") ?? "?") [\($0.string("reasons") ?? "?")] \($0.int("reason_count") ?? -1)"
        }
        #expect(rows == [
            "1 not_public_domain [not_public_domain missing_title] 2",
            "3 duplicate [duplicate] 1",
            "4 gone [gone] 1",
        ])
        #expect(try catalog.count("SELECT count(*) FROM rejections") == 4)
    }
}
