import ETLCore

/// Reads a collection by offset (`skip`/`limit` pages) while it changes:
/// a work deleted or added before the cursor moves every later one a
/// place, so reading blindly by `skip += limit` would miss or repeat one.
///
/// Pages overlap by one element: each page after the first starts at the
/// last element already read, so its first element must be that one. When
/// it is not, something changed before the cursor, most often within the
/// page just served: that page is read again from its first element (which
/// must still stand where it did) and replaces what was held of it, so a
/// change costs that request and the one that found it. Only when that
/// element moved too is the change at it or further back: the pager finds
/// the first place where what it holds and the collection differ, by
/// halving over page-sized probes (about log₂ of the pages read, plus
/// one), mends that place and reads on from the end.
/// A deletion and an addition both before the cursor between two reads
/// leave the overlap intact and go unseen until the next run.
///
/// What is read is handed on as it is read, a page behind the cursor: the
/// pager holds the keys of what it read (an ID each, to compare) and the
/// elements of the last page and one, where a change found is mended; an
/// element handed on that a mend removes is handed back by its key. So
/// memory holds two pages of elements whatever the collection's length.
///
/// A collection that keeps moving past `maxRepairs` is read on without
/// checks and is not settled: its caller withdraws nothing. Every loop is
/// bounded by ``maxRequests(total:)``; a stop (``ListingStopped``) leaves
/// what was read in ``State/pending`` and what was handed on, handed.
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
        /// The keys of everything read, in the collection's order.
        package private(set) var keys: [String] = []
        /// The elements of the last `pending.count` keys, not yet handed on.
        package private(set) var pending: [Element] = []
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
            let size = max(total, keys.count)
            return size / limit + (size % limit == 0 ? 0 : 1)
        }

        /// The elements not yet handed on, which are now: the caller's at the end.
        package mutating func takePending() -> [Element] {
            defer { pending = [] }
            return pending
        }

        /// Keys before this place were handed on.
        var handedCount: Int { keys.count - pending.count }

        /// Replaces what is held at `range` with `elements`: keys handed on
        /// that it removes go to `hand` as removed, and elements put before
        /// the pending ones as added (removals first).
        mutating func replace(
            _ range: Range<Int>, with elements: [Element], key: (Element) -> String, hand: Hand
        ) throws {
            let handed = handedCount
            let gone = range.lowerBound < handed ? Array(keys[range.lowerBound..<min(range.upperBound, handed)]) : []
            let pendingRange = (max(range.lowerBound, handed) - handed)..<(max(range.upperBound, handed) - handed)
            keys.replaceSubrange(range, with: elements.map(key))
            pending.removeSubrange(pendingRange)
            if range.lowerBound < handed {
                try hand(elements, gone)
            } else {
                pending.insert(contentsOf: elements, at: pendingRange.lowerBound)
            }
        }

        /// Hands on the pending elements but the last `keep`.
        mutating func handOn(keeping keep: Int, hand: Hand) throws {
            guard pending.count > keep else { return }
            let ready = Array(pending.prefix(pending.count - keep))
            pending.removeFirst(ready.count)
            try hand(ready, [])
        }
    }

    /// Hears what is read as it is settled: elements added (in order) and
    /// the keys of elements handed on before that the collection no longer holds.
    package typealias Hand = (_ added: [Element], _ removed: [String]) throws -> Void

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
    /// pages, and each allowed repair's pages read again and probes.
    package func maxRequests(total: Int) -> Int {
        let pages = min(maxPages, total / (limit - 1) + 1)
        return 2 * pages + maxRepairs * (Int.bitWidth - pages.leadingZeroBitCount + 5) + 4
    }

    /// Reads the whole collection into `state`, handing it on to `hand` as
    /// it settles (see the type's description); the caller takes what is
    /// still pending at the end.
    package func list(into state: inout State, hand: Hand) async throws {
        var checking = true
        while state.requests < maxRequests(total: state.total) {
            let skip = max(0, state.keys.count - 1)
            let page = try await fetch(skip, &state)
            let boundary = state.keys.last
            let overlaps = boundary != nil && page.elements.first.map(key) == boundary
            guard overlaps || boundary == nil || !checking else {
                // Never still: read on without checks, and trust nothing.
                if state.repairs >= maxRepairs { checking = false } else { try await repair(&state, hand) }
                continue
            }
            let fresh = Array(page.elements.dropFirst(overlaps ? 1 : 0))
            try state.replace(state.keys.count..<state.keys.count, with: fresh, key: key, hand: hand)
            // The last page and one stay pending: where a change just served is mended.
            try state.handOn(keeping: limit + 1, hand: hand)
            // A collection that never ends (a server's mistake) is held to maxPages pages, unsettled.
            if state.keys.count >= maxPages * limit { return }
            guard skip + page.elements.count >= page.total || fresh.isEmpty else { continue }
            // The last page agrees with the list held: done. Otherwise
            // something before the cursor changed (the last work deleted).
            if !checking || state.keys.count == page.total {
                state.isSettled = checking
                return
            }
            if state.repairs >= maxRepairs { return }
            try await repair(&state, hand)
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

    /// Mends the held list where the collection moved: the page just
    /// served is read again from its first element, which the overlap
    /// before it checked, and replaces what was held of it; the reading goes
    /// on from its end. (Taking the page that found the change as read too
    /// would save a request, but a change landing in it meanwhile would go
    /// unseen, and with another before it, cancel out.) When that element
    /// moved too (the change is at it), from one before; when that one
    /// moved as well, the change is further back.
    private func repair(_ state: inout State, _ hand: Hand) async throws {
        state.repairs += 1
        let count = state.keys.count
        for start in Set([max(0, count - limit), max(0, count - limit - 1)]).sorted(by: >) {
            let again = try await fetch(start, &state)
            guard start == 0 || again.elements.first.map(key) == state.keys[start] else { continue }
            try state.replace(start..<count, with: again.elements, key: key, hand: hand)
            return
        }
        try await mendFirstDifference(&state, before: max(0, count - limit - 1), hand)
    }

    /// Finds the first position, at `high` or before, where the held list
    /// and the collection differ (halving over page-sized probes) and mends
    /// it: elements the collection skips there are removed, elements it has
    /// that the list lacks are inserted; when neither is clear (the list
    /// ends there, or it changed in many places), what is held from there
    /// is replaced by what the collection has.
    private func mendFirstDifference(_ state: inout State, before high: Int, _ hand: Hand) async throws {
        var (low, high) = (0, high)
        let probes = Int.bitWidth - max(1, high / limit).leadingZeroBitCount + 2
        for _ in 0..<probes {
            let start = high - low <= limit - 1 ? low : low + (high - low) / 2
            let page = try await fetch(start, &state)
            let held = state.keys[start...].prefix(limit)
            let offset = zip(page.elements, held).enumerated().first { key($0.element.0) != $0.element.1 }?.offset
                ?? (page.elements.count < held.count ? page.elements.count : nil)
            guard let offset else {
                low = start + held.count
                if low >= state.keys.count { return }  // the held list is a prefix: read on
                continue
            }
            guard offset > 0 || start == low else {
                high = start
                continue
            }
            let position = start + offset
            let rest = Array(page.elements[offset...])
            guard let found = rest.first.map(key) else {
                // The collection ends here: what is held past it is gone.
                try state.replace(position..<state.keys.count, with: [], key: key, hand: hand)
                return
            }
            if let later = state.keys[position...].prefix(limit).firstIndex(of: found) {
                try state.replace(position..<later, with: [], key: key, hand: hand)
            } else if let inserted = rest.dropFirst().firstIndex(where: { key($0) == state.keys[position] }) {
                try state.replace(position..<position, with: Array(rest[..<inserted]), key: key, hand: hand)
            } else {
                try state.replace(position..<state.keys.count, with: rest, key: key, hand: hand)
            }
            return
        }
    }
}
