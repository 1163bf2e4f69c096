import Foundation
import Testing
@testable import AICSource
@testable import ETLCatalog
@testable import ETLCore
@testable import ETLPipeline
@testable import SourceKit
@testable import SourceRegistry
import Store

/// Issue 29, item 7: a listing's items go to the catalog at each flush, so
/// what is held is one window; repeats, new IDs and withdrawals come out as
/// they did when the whole list was held.
@Suite("Listing writer")
struct ListingWriterTests {
    static func item(_ id: Int, title: String = "t", complete: Bool = true) -> ListedItem {
        var item = ListedItem(id: id, rawJSON: #"{"id":\#(id)}"#, reasons: complete ? [] : [.missingTitle], details: [:])
        item.title = title
        return item
    }

    static func titles(_ catalog: Catalog) throws -> [Int: String] {
        var titles: [Int: String] = [:]
        for row in try catalog.database.fetchAll(sql: "SELECT object_id, title FROM objects") {
            titles[try row.integer(named: "object_id") ?? -1] = try row.text(named: "title")
        }
        return titles
    }

    @Test("each flush stores and empties what was held; a repeat across flushes replaces the stored copy and counts once")
    func flushesStoreAndEmpty() throws {
        let directory = TemporaryDirectory()
        let catalog = try Catalog.open(path: directory.path("c.sqlite"))
        try catalog.bind(to: SourceRegistry.source(.tmdb))
        let writer = try ListingWriter(catalog: catalog, table: nil, at: CatalogFixture.date)
        var listing = SourceListing(store: writer)
        for id in 1...3 { listing.add(Self.item(id)) }
        listing.add(nil)
        try listing.flush()
        #expect(listing.items.isEmpty && listing.stored == 3 && listing.count == 3)
        #expect(try Self.titles(catalog) == [1: "t", 2: "t", 3: "t"])

        listing.add(Self.item(3, title: "newer", complete: false))
        listing.add(Self.item(4))
        listing.add(Self.item(4, title: "newest"))
        try listing.flush()
        #expect(listing.items.isEmpty && listing.count == 4)
        #expect(listing.repeats == 2 && listing.withoutID == 1, "3 again across flushes, 4 again within one")
        #expect(try Self.titles(catalog) == [1: "t", 2: "t", 3: "newer", 4: "newest"])
        #expect(try writer.completeCount() == 3)
    }

    @Test("a complete listing withdraws what it lacks, counts the new and the returned, and is measured against what was listed before")
    func registerComplete() throws {
        let directory = TemporaryDirectory()
        let catalog = try Catalog.open(path: directory.path("c.sqlite"))
        try catalog.bind(to: SourceRegistry.source(.tmdb))
        var first = SourceListing(store: try ListingWriter(catalog: catalog, table: nil, at: CatalogFixture.date))
        for id in 1...10 { first.add(Self.item(id)) }
        try first.flush()

        // The next list: 1–5 gone, 11–20 new. Half of the 10 listed before withdrawn: above 40%, within 50%.
        let writer = try ListingWriter(catalog: catalog, table: nil, at: CatalogFixture.date)
        var next = SourceListing(store: writer)
        for id in 6...20 { next.add(Self.item(id)) }
        try next.flush()
        #expect(throws: CrawlError.tooManyWithdrawn(url: "u", withdrawn: 5, listed: 10, limit: "40%")) {
            _ = try writer.registerComplete(maxWithdraw: WithdrawLimit(percent: 40, url: "u"))
        }
        let changes = try writer.registerComplete(maxWithdraw: WithdrawLimit(percent: 50, url: "u"))
        #expect(changes == ListingChanges(added: 10, withdrawn: 5, relisted: 0))
        let listed = try catalog.database.fetchAll(sql: "SELECT object_id FROM objects WHERE is_listed = 1 ORDER BY object_id")
        #expect(try listed.map { try $0.integer(named: "object_id") } == Array(6...20))

        // 1–5 listed again: back, not new.
        let third = try ListingWriter(catalog: catalog, table: nil, at: CatalogFixture.date)
        var again = SourceListing(store: third)
        for id in 1...20 { again.add(Self.item(id)) }
        try again.flush()
        #expect(try third.registerComplete(maxWithdraw: WithdrawLimit(percent: 100, url: "u")) == ListingChanges(added: 0, withdrawn: 0, relisted: 5))
    }

    @Test("issue 47: an item taken back goes as if never listed when it is new, and is withdrawn when it was known")
    func unlist() throws {
        let directory = TemporaryDirectory()
        let catalog = try Catalog.open(path: directory.path("c.sqlite"))
        let source = SourceRegistry.source(.aic)
        try catalog.bind(to: source)
        let table = try #require(source.table)
        let item: (Int) -> ListedItem = { id in
            var item = Self.item(id)
            item.details = Dictionary(uniqueKeysWithValues: table.columns.map { ($0.name, DatabaseValue.null) })
            return item
        }
        var first = SourceListing(store: try ListingWriter(catalog: catalog, table: table, at: CatalogFixture.date))
        for id in 1...4 { first.add(item(id)) }
        try first.flush()

        let writer = try ListingWriter(catalog: catalog, table: table, at: CatalogFixture.date)
        var next = SourceListing(store: writer)
        for id in 1...6 { next.add(item(id)) }
        try next.flush()
        next.add(item(7))
        // 2 was known, 5 is new (both stored), 7 not handed over yet, 99 never listed.
        try next.remove(ids: [2, 5, 7, 99])
        #expect(next.count == 4 && next.items.isEmpty)
        #expect(try Self.titles(catalog).keys.sorted() == [1, 2, 3, 4, 6])
        let own = try catalog.database.fetchAll(sql: "SELECT object_id FROM aic_artworks ORDER BY object_id")
        #expect(try own.map { try $0.integer(named: "object_id") } == [1, 2, 3, 4, 6])
        let raw = try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM objects_raw WHERE object_id = 5")
        #expect(try raw?.integer(named: "n") == 0)
        #expect(try writer.registerComplete(maxWithdraw: WithdrawLimit(percent: 50, url: "u")) == ListingChanges(added: 1, withdrawn: 1, relisted: 0))
        let listed = try catalog.database.fetchAll(sql: "SELECT object_id FROM objects WHERE is_listed = 1 ORDER BY object_id")
        #expect(try listed.map { try $0.integer(named: "object_id") } == [1, 3, 4, 6])
    }
}
