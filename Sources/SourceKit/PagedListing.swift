import ETLCatalog
import ETLCore
import FetchEngine

/// A source's listing read in windows, each a set of pages read together
/// (an upload-date range, a range of IDs, a whole list): what differs
/// between sources. ``ListingPager`` does the reading, the rereading and
/// the counting; ``PagedLister`` makes it the source's ``RecordLister``.
package protocol PagedListing: Sendable {
    /// One list by default: no windows (``WholeList``).
    associatedtype Window: Sendable = WholeList
    associatedtype Page: ListingPage

    /// The lister of one run.
    init(_ context: ListingContext)
    /// How the API's pages read.
    static var request: JSONPageRequest<Page> { get }
    /// Records a page holds, as asked.
    static var perPage: Int { get }
    /// Records the API serves of one window (a search's depth); a window
    /// that holds more is read to it.
    var depth: Int { get }
    var firstWindow: Window { get }
    /// Windows one listing reads at most; more leaves it incomplete.
    var maxWindows: Int { get }
    /// Whether page 1 is read again after the last page: a list whose top
    /// moves shows it there (pages that only shift are not seen otherwise).
    var checksFirstPage: Bool { get }
    /// Whether the listing is read in windows, which the observer hears of
    /// and the summary counts; false: one list, and the summary tells
    /// whether it settled.
    var announcesWindows: Bool { get }

    func url(page: Int, of window: Window) -> String
    /// What to do with `window`, its first page read: read it, or the
    /// windows it splits into instead (throws when the page shows the API
    /// cannot serve the listing).
    mutating func open(_ window: Window, first: Page) throws -> WindowOpening<Window>
    /// The pages the window has, from its first page (by default, those
    /// the page states, else those its records fill, up to the depth).
    func pages(of window: Window, first: Page) -> Int
    /// A page past what the API serves was refused: the window ends before it.
    mutating func windowEnds(before page: Int, of window: Window)
    /// The distinct items a read that held still holds (by default, the
    /// window's total up to the depth).
    func expectedCount(of window: Window, first: Page) -> Int
    /// The records from this first page on, for progress; nil says nothing.
    func announced(_ first: Page, at spot: PageSpot<Window>) -> Int?
    /// The page's records as items (nil: no usable ID).
    mutating func items(of page: Page, at spot: PageSpot<Window>) -> [ListedItem?]
    /// What comes after `window`, read as `read`.
    func next(after window: Window, read: WindowRead<Page>) -> NextWindow<Window>
    /// Puts what the listing saw in the run's summary and listing, beside
    /// the figures ``PagedLister`` puts there (windows, or whether the list settled).
    func finish(_ tally: ListingPager<Self>.Tally, listing: inout SourceListing, summary: inout CrawlSummary)
}

extension PagedListing {
    package var maxWindows: Int { .max }
    package var checksFirstPage: Bool { false }
    package var announcesWindows: Bool { true }
    package mutating func open(_ window: Window, first: Page) throws -> WindowOpening<Window> { .read(whole: true) }
    package mutating func windowEnds(before page: Int, of window: Window) {}
    package func announced(_ first: Page, at spot: PageSpot<Window>) -> Int? { first.listedTotal }
    package func next(after window: Window, read: WindowRead<Page>) -> NextWindow<Window> { .end }
    package func finish(_ tally: ListingPager<Self>.Tally, listing: inout SourceListing, summary: inout CrawlSummary) {}

    package func expectedCount(of window: Window, first: Page) -> Int { min(first.listedTotal ?? 0, depth) }

    /// Rounded up without adding to the page size (the server's number,
    /// where the page states it), so no value overflows.
    package func pages(of window: Window, first: Page) -> Int {
        let size = max(1, first.perPage ?? Self.perPage)
        let served = depth / size + (depth % size == 0 ? 0 : 1)
        if let stated = first.pageCount { return min(stated, served) }
        let records = expectedCount(of: window, first: first)
        return records / size + (records % size == 0 ? 0 : 1)
    }
}

/// A page of a paged listing.
package protocol ListingPage: CountedPage, Sendable {
    /// The records the page says its window holds; nil when the page lies
    /// past what the API serves (the window ends before it).
    var listedTotal: Int? { get }
    /// Records a page holds, where the page says (else the listing's ``PagedListing/perPage``).
    var perPage: Int? { get }
    /// The pages its window has, where the page says (and the source trusts it).
    var pageCount: Int? { get }
}

extension ListingPage {
    package var perPage: Int? { nil }
    package var pageCount: Int? { nil }
}

/// What a window becomes once its first page is read.
package enum WindowOpening<Window: Sendable>: Sendable {
    /// Read; `whole` false when it cannot be (it is read once, and the
    /// listing withdraws nothing).
    case read(whole: Bool)
    /// Too large to read whole: these windows, in this order, instead.
    case split([Window])
}

/// Where a page stands: its window, its number, which read of the window
/// (from 1), and whether it is page 1 read again to check the list held still.
package struct PageSpot<Window: Sendable>: Sendable {
    package var window: Window
    package var page: Int
    package var read: Int
    package var isCheck = false
}

/// A window as read: the first page of every read, and the items of the
/// read that held still, else of every read.
package struct WindowRead<Page: ListingPage>: Sendable {
    package var firstPages: [Page]
    package var items: [ListedItem?]
    package var isSteady: Bool
}

/// What follows a window.
package enum NextWindow<Window: Sendable>: Sendable {
    /// The listing was read to its end.
    case end
    case next(Window)
    /// The listing cannot go on (no item to start the next window from):
    /// it is incomplete.
    case stuck
}
