import Testing
@testable import ETLCore
@testable import SourceKit

/// The kit's shared pieces of a paged listing: the API error's text, a
/// page's records and total, and the defaults a listing need not write.
@Suite("Source kit helpers")
struct SourceKitHelperTests {
    @Test("an API's error: refused credential or answer, status and code where given, the API's words escaped")
    func apiError() {
        let refused = SourceAPIError(api: "X", refused: .init("the API key", check: "X_KEY"), code: 100, message: "bad\u{1B}[2J")
        #expect(refused.description == "X refused the API key (error 100: bad\\u{1B}[2J); check X_KEY")
        #expect(SourceAPIError(api: "X", refused: .init("the token", check: "X_TOKEN"), message: "no").description == "X refused the token (no); check X_TOKEN")
        #expect(SourceAPIError(api: "X", status: 404, code: 34, message: "gone").description == "X answered HTTP 404, error 34: gone")
        #expect(SourceAPIError(api: "X", status: 400, message: "limit", detail: "smaller\n").description == "X answered HTTP 400: limit (smaller\\n)")
    }

    struct Page: RecordsPage {
        var total: Int
        var records: [JSONValue]
    }

    @Test("a page's records and total: a count is an integer ≥ 0, digits in a string only where allowed")
    func recordsAndTotal() {
        let json = JSONValue.object(["data": .array([.integer(1), .integer(2)]), "info": .object(["total": .integer(7), "text": .string("8")])])
        let listed = Page.listed(json, records: "data", total: "info", "total")
        #expect(listed?.records.count == 2 && listed?.total == 7)
        #expect(Page.listed(json, records: "data", total: "info", "text") == nil)
        #expect(Page.listed(json, records: "data", total: "info", "text", digits: true)?.total == 8)
        #expect(Page.listed(json, records: "info", total: "info", "total") == nil)
        #expect(Page.listed(nil, records: "data", total: "total") == nil)
        for bad: JSONValue in [.integer(-1), .string("-1"), .string("1e3"), .bool(true)] { #expect(Page.count(bad) == nil, "\(bad)") }
        #expect(Page.count(.string("42")) == 42 && Page.count(.string("42"), digits: false) == nil)
        let page = Page(total: 9, records: [.null])
        #expect(page.listedTotal == 9 && page.itemCount == 1 && page.perPage == nil)
    }

    @Test("a page by its layout: records and total at their paths, under a base where given, the page size where named, the JSON kept")
    func pageByLayout() throws {
        let json = JSONValue.object([
            "photos": .object(["photo": .array([.integer(1)]), "total": .string("4001"), "perpage": .string("500")]), "stat": .string("ok"),
        ])
        let page = try #require(JSONRecordsPage(json, at: "photos", records: "photo", total: "total", perPage: "perpage", digits: true))
        #expect(page.total == 4001 && page.records == [.integer(1)] && page.perPage == 500 && page.json == json)
        #expect(JSONRecordsPage(json, at: "photos", records: "photo", total: "total") == nil)
        #expect(JSONRecordsPage(json, records: "photo", total: "total", digits: true) == nil)
        let flat = try #require(JSONRecordsPage(.object(["data": .array([]), "info": .object(["total": .integer(0)])]), records: "data", total: "info", "total"))
        #expect(flat.total == 0 && flat.itemCount == 0 && flat.perPage == nil && flat.listedTotal == 0)
    }

    /// A listing that writes only what it must: the kit's defaults give the rest.
    struct Listing: PagedListing {
        static let perPage = 20
        static let request = JSONPageRequest<PerPage>(noun: "x", decode: { _ in nil }, apiError: { _, _ in nil })
        let firstWindow = 0
        var depth = 100

        init(_ context: ListingContext) {}
        init() {}
        func url(page: Int, of window: Int) -> String { "http://x/?page=\(page)" }
        func items(of page: PerPage, at spot: PageSpot<Int>) -> [ListedItem?] { [] }
    }

    struct PerPage: ListingPage {
        var listedTotal: Int?
        var perPage: Int?
        var pageCount: Int?
        var itemCount: Int { 0 }
    }

    @Test("defaults: expected is the total up to the depth; pages are those stated, else fill it at the page's own size, else the listing's, without overflow")
    func pagedListingDefaults() {
        let listing = Listing()
        #expect(listing.expectedCount(of: 0, first: PerPage(listedTotal: 45)) == 45)
        #expect(listing.expectedCount(of: 0, first: PerPage(listedTotal: 450)) == 100)
        #expect(listing.expectedCount(of: 0, first: PerPage(listedTotal: nil)) == 0)
        #expect(listing.pages(of: 0, first: PerPage(listedTotal: 45)) == 3)
        #expect(listing.pages(of: 0, first: PerPage(listedTotal: 40)) == 2)
        #expect(listing.pages(of: 0, first: PerPage(listedTotal: 450, perPage: 30)) == 4)
        #expect(listing.pages(of: 0, first: PerPage(listedTotal: 450, perPage: 0)) == 100)
        #expect(listing.pages(of: 0, first: PerPage(listedTotal: .max, perPage: .max)) == 1)
        // A page count the page states is taken over its total, up to the pages the depth fills (100 ÷ 20).
        #expect(listing.pages(of: 0, first: PerPage(listedTotal: 45, pageCount: 2)) == 2)
        #expect(listing.pages(of: 0, first: PerPage(listedTotal: 45, pageCount: 9)) == 5)
        #expect(listing.pages(of: 0, first: PerPage(listedTotal: 45, pageCount: .max)) == 5)
        #expect(listing.announced(PerPage(listedTotal: 450), at: PageSpot(window: 0, page: 1, read: 1)) == 450)
    }
}
