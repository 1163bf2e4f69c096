import ETLCore

/// Reads a collection by offset (`skip`/`limit` pages) while it changes:
/// a work deleted or added before the cursor moves every later one a
/// place, so reading blindly by `skip += limit` would miss or repeat one.
///
/// Pages overlap by one element: each page after the first starts at the
/// last element already read, so its first element must be that one. When
/// it is not (a deletion or an addition before the cursor, a list that
/// ended early), the pager finds the first place where what it holds and
/// the collection differ, by halving over page-sized probes (about log₂ of
/// the pages read, plus one), mends that place and reads on from the end.
/// A clean read costs `total ÷ (limit − 1)` requests; each change, a few
/// more. A deletion and an addition both before the cursor between two
/// reads leave the overlap intact and go unseen until the next run.
///
/// A collection that keeps moving past `maxRepairs` is read on without
/// checks and is not settled: its caller withdraws nothing. Every loop is
/// bounded by ``maxRequests(total:)``; a stop (``ListingStopped``) leaves
/// what was read in ``State/elements``.
package struct OffsetPager<Element: Sendable>: Sendable {
    /// One answer: the collection's size as the page says, and the elements from `skip` on.
    package struct Page: Sendable {
        package var total: Int
        package var elements: [Element]

        package init(total: Int, elements: [Element]) {
            self.total = total
            self.elements = elements
        }
    }

    /// What was read so far, in the collection's order, and how.
    package struct State: Sendable {
        package var elements: [Element] = []
        package var requests = 0
        /// Changes before the cursor found and mended.
        package var repairs = 0
        /// Pages whose total differed from the page before.
        package var totalMoves = 0
        /// True once the whole collection was read and held still enough to trust.
        package var isSettled = false
        /// The last page's total.
        package var total = 0

        package init() {}

        /// Pages the collection fills at `limit` elements a page.
        package func pages(limit: Int) -> Int {
            let size = max(total, elements.count)
            return size / limit + (size % limit == 0 ? 0 : 1)
        }
    }

    /// Elements a page asks for; at least 2 (the overlap).
    package let limit: Int
    package let maxRepairs: Int
    /// The most pages read, whatever a page claims the total is.
    package let maxPages: Int
    /// What tells two elements apart (an ID as the API spelled it): unique in the collection.
    package let key: @Sendable (Element) -> String
    /// Reads `limit` elements from `skip`.
    package let read: @Sendable (_ skip: Int, _ limit: Int) async throws -> Page

    package init(
        limit: Int, maxRepairs: Int = 16, maxPages: Int = 10_000, key: @escaping @Sendable (Element) -> String,
        read: @escaping @Sendable (_ skip: Int, _ limit: Int) async throws -> Page
    ) {
        self.limit = max(2, limit)
        self.maxRepairs = maxRepairs
        self.maxPages = maxPages
        self.key = key
        self.read = read
    }

    /// The requests a listing of `total` may take: twice a clean read's
    /// pages, and each allowed repair's probes.
    package func maxRequests(total: Int) -> Int {
        let pages = min(maxPages, total / (limit - 1) + 1)
        return 2 * pages + maxRepairs * (Int.bitWidth - pages.leadingZeroBitCount + 3) + 4
    }

    /// Reads the whole collection into `state` (see the type's description).
    package func list(into state: inout State) async throws {
        var checking = true
        while state.requests < maxRequests(total: state.total) {
            let skip = max(0, state.elements.count - 1)
            let page = try await fetch(skip, &state)
            let boundary = state.elements.last.map(key)
            let overlaps = boundary != nil && page.elements.first.map(key) == boundary
            guard overlaps || boundary == nil || !checking else {
                // Never still: read on without checks, and trust nothing.
                if state.repairs >= maxRepairs { checking = false } else { try await repair(&state) }
                continue
            }
            let fresh = page.elements.dropFirst(overlaps ? 1 : 0)
            state.elements += fresh
            // A collection that never ends (a server's mistake) is held to maxPages pages, unsettled.
            if state.elements.count >= maxPages * limit { return }
            guard skip + page.elements.count >= page.total || fresh.isEmpty else { continue }
            // The last page agrees with the list held: done. Otherwise
            // something before the cursor changed (the last work deleted).
            if !checking || state.elements.count == page.total {
                state.isSettled = checking
                return
            }
            if state.repairs >= maxRepairs { return }
            try await repair(&state)
        }
    }

    private func fetch(_ skip: Int, _ state: inout State) async throws -> Page {
        state.requests += 1
        var page = try await read(skip, limit)
        // A page longer than asked (a server's mistake) grows nothing beyond the bound.
        (page.total, page.elements) = (max(0, page.total), Array(page.elements.prefix(limit)))
        if state.requests > 1 && page.total != state.total { state.totalMoves += 1 }
        state.total = page.total
        return page
    }

    /// Finds the first position where the held list and the collection
    /// differ (halving over page-sized probes) and mends it: elements the
    /// collection skips there are removed, an element it has that the
    /// list lacks is inserted.
    private func repair(_ state: inout State) async throws {
        state.repairs += 1
        var low = 0
        var high = state.elements.count
        let probes = Int.bitWidth - max(1, high / limit).leadingZeroBitCount + 2
        for _ in 0..<probes {
            let start = high - low <= limit - 1 ? low : low + (high - low) / 2
            let page = try await fetch(start, &state)
            let held = state.elements[start...].prefix(limit)
            let offset = zip(page.elements, held).enumerated().first { key($0.element.0) != key($0.element.1) }?.offset
                ?? (page.elements.count < held.count ? page.elements.count : nil)
            guard let offset else {
                low = start + held.count
                if low >= state.elements.count { return }  // the held list is a prefix: read on
                continue
            }
            guard offset > 0 || start == low else {
                high = start
                continue
            }
            let position = start + offset
            guard position < start + page.elements.count else {
                // The collection ends here: what is held past it is gone.
                state.elements.removeSubrange(position...)
                return
            }
            let found = key(page.elements[offset])
            let later = state.elements[position...].prefix(limit).firstIndex { key($0) == found }
            if let later {
                state.elements.removeSubrange(position..<later)
            } else {
                state.elements.insert(page.elements[offset], at: position)
            }
            return
        }
    }
}
