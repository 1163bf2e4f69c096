import ETLCore
import FetchEngine

/// Reads a ``PagedListing`` window by window until the totals and the set
/// agree. A window whose pages disagree (an item deleted or added while
/// it was read moves every later one a place, so one is missed or read
/// twice) is read again; a read that held still replaces what the earlier
/// reads saw, and without one all of them are kept and the listing
/// withdraws nothing. A stop or the budget ends it through
/// ``ListingStopped`` from the ``PageReader``, with what was read kept.
package struct ListingPager<Listing: PagedListing>: Sendable {
    /// Reads of a window before its pages are taken as they are.
    package static var maxReads: Int { 3 }

    package var source: Listing
    package let reader: PageReader<JSONPageRequest<Listing.Page>, Listing.Page>
    package private(set) var tally = Tally()

    /// Windows read (not those split), those that never held still, reads
    /// of windows (a one-window list's passes), the pages the windows have
    /// as their first pages state (else as many as are read), and the
    /// records past the depth of windows that could not be read whole.
    package struct Tally: Sendable, Equatable {
        package var windows = 0
        package var unsteady = 0
        package var reads = 0
        package var pages = 0
        package var unreachable = 0
    }

    package init(_ source: Listing, reader: PageReader<JSONPageRequest<Listing.Page>, Listing.Page>) {
        self.source = source
        self.reader = reader
    }

    /// Lists every window; the listing is complete (and may withdraw) only
    /// when every window was read whole and held still.
    package mutating func list(into listing: inout SourceListing) async throws {
        var pending = [source.firstWindow]
        var isComplete = true
        while let window = pending.popLast() {
            guard tally.windows < source.maxWindows else {
                isComplete = false
                break
            }
            let first = try await firstPage(of: window)
            await announce(first, at: PageSpot(window: window, page: 1, read: 1))
            let isWhole: Bool
            switch try source.open(window, first: first) {
            case .split(let windows):
                pending += windows.reversed()
                continue
            case .read(let whole): isWhole = whole
            }
            if !isWhole { tally.unreachable = Self.saturated(tally.unreachable, max(0, (first.listedTotal ?? 0) - source.depth)) }
            tally.windows += 1
            tally.pages = Self.saturated(tally.pages, first.pageCount ?? source.pages(of: window, first: first))
            if source.announcesWindows { await reader.observer?.windowsOpened(tally.windows) }
            var seen: [ListedItem?] = []
            let read: WindowRead<Listing.Page>
            do {
                read = try await readWindow(window, first: first, isWhole: isWhole, seen: &seen)
            } catch {
                // What was read is kept, even when the reading stopped half-way.
                for item in seen { listing.add(item) }
                throw error
            }
            for item in read.items { listing.add(item) }
            // A window read is final: stored now, so memory holds one window however long the listing.
            try listing.flush()
            if !read.isSteady { tally.unsteady += 1 }
            isComplete = isComplete && isWhole && read.isSteady
            switch source.next(after: window, read: read) {
            case .end: break
            case .next(let next): pending.append(next)
            case .stuck: isComplete = false
            }
        }
        listing.isComplete = isComplete
    }

    /// Reads `window` again while its pages disagree, ``maxReads`` times at
    /// most (once when it cannot be read whole). A read holds still when
    /// every page gave the same total and it held as many distinct items
    /// as the source expects (and page 1 read again is unchanged, where the
    /// source checks it), or when it read the same items in the same order
    /// as the read before (an index whose count is off by a few, a cache
    /// that shows an item on two pages). `seen` gathers every item read.
    private mutating func readWindow(
        _ window: Listing.Window, first: Listing.Page, isWhole: Bool, seen: inout [ListedItem?]
    ) async throws -> WindowRead<Listing.Page> {
        var first = first
        var firstPages: [Listing.Page] = []
        var previous: [String]?
        for read in 1...(isWhole ? Self.maxReads : 1) {
            tally.reads += 1
            var spot = PageSpot(window: window, page: 1, read: read)
            if read > 1 {
                first = try await firstPage(of: window)
                await announce(first, at: spot)
            }
            firstPages.append(first)
            var items = source.items(of: first, at: spot)
            seen += items
            let firstKeys = Self.keys(items, page: 1)
            var keys = firstKeys
            var totals: Set<Int?> = [first.listedTotal]
            let pages = source.pages(of: window, first: first)
            while spot.page < pages {
                spot.page += 1
                let page = try await reader.read(.init(url: source.url(page: spot.page, of: window)))
                guard page.listedTotal != nil else {
                    // Past what the API serves: the window ends here.
                    source.windowEnds(before: spot.page, of: window)
                    break
                }
                totals.insert(page.listedTotal)
                let more = source.items(of: page, at: spot)
                items += more
                seen += more
                keys += Self.keys(more, page: spot.page)
            }
            var isStill = totals.count == 1 && Set(keys).count == source.expectedCount(of: window, first: first)
            if isWhole && source.checksFirstPage {
                // Page 1 again only tells whether the list moved; its items count among those seen.
                let check = PageSpot(window: window, page: 1, read: read, isCheck: true)
                let again = try await firstPage(of: window)
                let checked = source.items(of: again, at: check)
                seen += checked
                isStill = isStill && again.listedTotal == first.listedTotal && Self.keys(checked, page: 1) == firstKeys
            }
            if isStill || keys == previous { return WindowRead(firstPages: firstPages, items: items, isSteady: true) }
            previous = keys
        }
        return WindowRead(firstPages: firstPages, items: seen, isSteady: false)
    }

    /// Tells the observer how many records the listing holds from `first` on, if the source says.
    private func announce(_ first: Listing.Page, at spot: PageSpot<Listing.Window>) async {
        if let count = source.announced(first, at: spot) { await reader.observer?.expect(fromLastPage: count) }
    }

    /// Page 1 of `window`, which must lie within what the API serves.
    private func firstPage(of window: Listing.Window) async throws -> Listing.Page {
        let url = source.url(page: 1, of: window)
        let page = try await reader.read(.init(url: url))
        guard page.listedTotal != nil else { throw CrawlError.listingFailed(url: url, reason: "the first page is past the depth") }
        return page
    }

    /// Totals are the server's numbers: a hostile one saturates rather than traps.
    private static func saturated(_ sum: Int, _ more: Int) -> Int {
        let (total, overflow) = sum.addingReportingOverflow(more)
        return overflow ? .max : total
    }

    /// The items' IDs in order, to compare reads; an item without one
    /// counts by its place.
    private static func keys(_ items: [ListedItem?], page: Int) -> [String] {
        items.enumerated().map { offset, item in item.map { String($0.id) } ?? "?\(page).\(offset)" }
    }
}
