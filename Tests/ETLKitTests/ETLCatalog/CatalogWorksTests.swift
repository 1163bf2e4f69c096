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
import FetchEngine

@Suite("Catalog works, rejections and pages")
struct CatalogWorksTests {
    @Test func duplicatesKeepTheSmallestID() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        // The larger ID is recorded first: the order of arrival must not matter.
        try catalog.record([CatalogFixture.fetched(30, artist: "  VINCENT van\tGogh", title: "Cafe\u{301} Terrace")])
        try catalog.record([CatalogFixture.fetched(10, artist: "Vincent van Gogh", title: "Café terrace")])
        try catalog.record([CatalogFixture.fetched(20, artist: "Paul Gauguin", title: "Café Terrace")])
        #expect(try catalog.rebuildWorks() == WorksChange(added: 2, removed: 0, kept: 2))
        #expect(try catalog.keptIDs() == [10, 20])
        #expect(try catalog.rejectionPairs() == ["30:duplicate"])
        // When the kept one goes, its duplicate takes its place.
        try catalog.record([CatalogFixture.gone(10)])
        #expect(try catalog.rebuildWorks() == WorksChange(added: 1, removed: 1, kept: 2))
        #expect(try catalog.keptIDs() == [20, 30])
        #expect(try catalog.rejectionPairs() == ["10:gone"])
    }

    @Test func rejectionsViewGivesTheReasonsPerObject() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        _ = try catalog.registerListing(ids: Array(1...10), at: CatalogFixture.date)
        try catalog.record([
            CatalogFixture.fetched(1, artist: "Rembrandt", title: "Self-Portrait"),
            CatalogFixture.fetched(2, artist: "rembrandt", title: "self-portrait "),
            CatalogFixture.fetched(3, ["title": .string(" "), "isPublicDomain": .string("true")]),
            CatalogFixture.fetched(4, ["objectID": .number("0"), "primaryImage": .null]),
            CatalogFixture.fetched(5, ["artistDisplayName": .missing, "classification": .string(""), "objectDate": .number("1900")]),
            CatalogFixture.gone(6), CatalogFixture.badID(7), CatalogFixture.failed(8), CatalogFixture.fetched(9),
        ])
        _ = try catalog.registerListing(ids: Array(1...8), at: CatalogFixture.date)  // 9 and 10 withdrawn
        try catalog.rebuildWorks()
        #expect(try catalog.keptIDs() == [1])
        let grouped = try catalog.database.fetchAll(sql: "SELECT reason, count(*) AS n FROM rejections GROUP BY reason ORDER BY reason")
            .map { "\($0.string("reason") ?? "?")=\($0.int("n") ?? -1)" }
        #expect(grouped == [
            "bad_id=1", "duplicate=1", "gone=1", "invalid_objectID=1", "missing_artistDisplayName=1",
            "missing_classification=1", "missing_objectDate=1", "missing_primaryImage=1", "missing_title=1",
            "not_public_domain=1", "withdrawn=2",
        ])
        #expect(try catalog.rejectionPairs() == [
            "2:duplicate", "3:missing_title", "3:not_public_domain", "4:invalid_objectID", "4:missing_primaryImage",
            "5:missing_artistDisplayName", "5:missing_classification", "5:missing_objectDate", "6:gone", "7:bad_id",
            "9:withdrawn", "10:withdrawn",
        ])
        let known = Set(SourceRegistry.reasons.reasons.map(\.rawValue))
        #expect(try catalog.database.fetchAll(sql: "SELECT DISTINCT reason FROM rejections")
            .allSatisfy { known.contains($0.string("reason") ?? "") })
    }

    @Test func worksCopyTheDisplayFields() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record([CatalogFixture.fetched(436_535)])
        try catalog.rebuildWorks()
        let row = try #require(try catalog.database.fetchOne(sql: "SELECT * FROM works"))
        #expect(row.int("object_id") == 436_535)
        #expect(row.string("title") == "Title 436535")
        #expect(row.string("artist_display_name") == "Artist 436535")
        #expect(row.string("department") == "European Paintings")
        #expect(row.string("classification") == "Paintings")
        #expect(row.string("object_date") == "1889")
        #expect(row.string("primary_image") == "https://images.metmuseum.org/CRDImages/ep/original/DT1567.jpg")
        #expect(row.string("object_url") == "https://www.metmuseum.org/art/collection/search/436535")
    }

    @Test("a link-back an app may not follow (javascript:, data:) is not kept: object_url is NULL; http(s) in any case is kept",
          arguments: [("javascript:alert(1)", nil), ("data:text/html,<script>alert(2)</script>", nil), (" https://x.org/1", nil),
                      ("HTTPS://www.metmuseum.org/art/1", "HTTPS://www.metmuseum.org/art/1")])
    func linkBackIsAWebLink(url: String, kept: String?) throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record([CatalogFixture.fetched(436_535, ["objectURL": .string(url)])])
        try catalog.rebuildWorks()
        let row = try #require(try catalog.database.fetchOne(sql: "SELECT object_url FROM works"), "the work is kept either way")
        #expect(row.string("object_url") == kept)
    }

    static func match(_ catalog: Catalog, _ query: String) throws -> [Int] {
        try catalog.database.fetchAll(sql: "SELECT rowid FROM works_fts WHERE works_fts MATCH ? ORDER BY rowid",
                                      arguments: [.text(query)]).compactMap { $0.int("rowid") }
    }

    @Test func fullTextIndexFollowsWorks() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record([
            CatalogFixture.fetched(1, artist: "Vincent van Gogh", title: "Sunflowers"),
            CatalogFixture.fetched(2, artist: "Claude Monet", title: "Water Lilies"),
            CatalogFixture.fetched(3, artist: "Claude Monet", title: "Haystacks"),
        ])
        try catalog.rebuildWorks()
        #expect(try Self.match(catalog, "sunflowers") == [1])
        #expect(try Self.match(catalog, "monet") == [2, 3])
        #expect(try Self.match(catalog, "title_text:lilies") == [2])
        // Porter stemming: the singular finds the plural.
        #expect(try Self.match(catalog, "sunflower OR haystack") == [1, 3])
        // A changed title re-indexes; a removed work leaves the index.
        try catalog.record([CatalogFixture.fetched(1, artist: "Vincent van Gogh", title: "Irises")])
        try catalog.record([CatalogFixture.gone(3)])
        try catalog.rebuildWorks()
        #expect(try Self.match(catalog, "sunflowers") == [])
        #expect(try Self.match(catalog, "irises") == [1])
        #expect(try Self.match(catalog, "haystacks") == [])
        #expect(try catalog.database.fetchOne(sql: "INSERT INTO works_fts (works_fts) VALUES ('integrity-check')") == nil)
    }

    @Test func unchangedRebuildWritesNothing() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record((1...20).map { CatalogFixture.fetched($0) })
        #expect(try catalog.rebuildWorks() == WorksChange(added: 20, removed: 0, kept: 20))
        try catalog.database.execute(sql: """
            CREATE TEMP TABLE writes (object_id INTEGER);
            CREATE TEMP TRIGGER count_updates AFTER UPDATE ON main.works BEGIN INSERT INTO writes VALUES (new.object_id); END;
            """)
        try catalog.record((1...20).map { CatalogFixture.fetched($0) })
        #expect(try catalog.rebuildWorks() == WorksChange(added: 0, removed: 0, kept: 20))
        #expect(try catalog.count("SELECT count(*) FROM temp.writes") == 0)
        try catalog.record([CatalogFixture.fetched(7, title: "Renamed")])
        try catalog.rebuildWorks()
        #expect(try catalog.database.fetchAll(sql: "SELECT object_id FROM temp.writes").map { $0.int("object_id") } == [7])
    }

    @Test func recordedPagesRoundTrip() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record((1...6).map { CatalogFixture.fetched($0) })
        try catalog.rebuildWorks()
        #expect(try catalog.recordedPages() == [])
        try catalog.recordPages([[5, 1], [], [6, 2, 3]])
        #expect(try catalog.recordedPages() == [[5, 1], [], [6, 2, 3]])
        let row = try #require(try catalog.database.fetchOne(sql: "SELECT page, position FROM works WHERE object_id = 2"))
        #expect(row.int("page") == 3)
        #expect(row.int("position") == 2)
        // A new layout replaces the old one entirely; trailing empty pages hold no rows.
        try catalog.recordPages([[4], [3], []])
        #expect(try catalog.recordedPages() == [[4], [3]])
        #expect(try catalog.count("SELECT count(*) FROM works WHERE page IS NULL") == 4)
        #expect(PageLayout.changedLines(from: try catalog.recordedPages(), to: [[4], [3], []]) == 0)
    }
}
