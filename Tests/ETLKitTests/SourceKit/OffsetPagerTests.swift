import Testing
@testable import ETLCore
@testable import SourceKit

/// The offset pager against a list that moves while it is read: each
/// answer may be preceded by a change (scheduled by request number), and
/// what the pager holds at the end must be the list as it stands then,
/// as must what it handed on (a store's view: added, less removed).
@Suite("OffsetPager")
struct OffsetPagerTests {
    /// A list of IDs on "the server": `changes[n]` runs just before the n-th answer.
    actor MovingList {
        var ids: [Int]
        var answered = 0
        var changes: [Int: @Sendable (inout [Int]) -> Void]
        /// Run just after the n-th answer, given where that page stood: a change within the page just served.
        var afterwards: [Int: @Sendable (inout [Int], Range<Int>) -> Void] = [:]
        var stopAt: Int?

        init(count: Int, changes: [Int: @Sendable (inout [Int]) -> Void] = [:], stopAt: Int? = nil) {
            ids = Array(1...count)
            self.changes = changes
            self.stopAt = stopAt
        }

        func page(_ skip: Int, _ limit: Int) throws -> OffsetPager<Int>.Page {
            answered += 1
            if answered == stopAt { throw ListingStopped(reason: .stopped) }
            changes[answered]?(&ids)
            let start = min(skip, ids.count)
            let served = start..<min(ids.count, start + limit)
            defer { afterwards[answered]?(&ids, served) }
            return .init(total: ids.count, elements: Array(ids[served]))
        }

        func setChange(after request: Int, _ change: @escaping @Sendable (inout [Int], Range<Int>) -> Void) {
            afterwards[request] = change
        }

        func setChange(every request: Int, _ change: @escaping @Sendable (inout [Int]) -> Void) {
            for n in 1...2_000 where n % request == 0 { changes[n] = change }
        }
    }

    private func pager(_ list: MovingList, limit: Int = 20) -> OffsetPager<Int> {
        OffsetPager(limit: limit, key: { String($0) }, read: { try await list.page($0, $1) })
    }

    /// What a store holds of a listing: each element handed on, less those handed back; at most
    /// two pages and one pending in the pager's hands at any time.
    struct Store {
        var held: Set<Int> = []
        var handOns = 0

        mutating func list(_ pager: OffsetPager<Int>, into state: inout OffsetPager<Int>.State) async throws {
            defer { held.formUnion(state.takePending()) }
            try await pager.list(into: &state) { added, removed in
                handOns += 1
                held.subtract(removed.compactMap { Int($0) })
                held.formUnion(added)
            }
        }
    }

    /// Reads `list` whole: the pager's state, and what a store was handed.
    private func read(_ pager: OffsetPager<Int>) async throws -> (OffsetPager<Int>.State, Store) {
        var state = OffsetPager<Int>.State()
        var store = Store()
        try await store.list(pager, into: &state)
        return (state, store)
    }

    /// Requests a clean read of `count` costs, plus a repair's probes per change: the 1.1 × pages + a constant.
    private func expectCheap(_ state: OffsetPager<Int>.State, count: Int, limit: Int = 20, changes: Int) {
        let pages = (count + limit - 1) / limit
        let allowed = 1.1 * Double(pages) + Double(changes * 8)
        #expect(Double(state.requests) <= allowed, "\(state.requests) requests for \(pages) pages and \(changes) changes")
    }

    @Test("a list that holds still: read once, overlapping by one, settled")
    func still() async throws {
        let list = MovingList(count: 1_000)
        let (state, store) = try await read(pager(list))
        #expect(state.keys == (1...1_000).map(String.init) && store.held == Set(1...1_000))
        // Handed on page by page as it was read, not at the end.
        #expect(store.handOns >= 1_000 / 20 - 3)
        #expect(state.isSettled && state.repairs == 0 && state.totalMoves == 0)
        #expect(state.requests == (1_000 - 1 + 18) / 19)
        expectCheap(state, count: 1_000, changes: 0)
    }

    /// A server that always answers a full page of new IDs and a total past them.
    actor EndlessList {
        func page(_ skip: Int, _ limit: Int) -> OffsetPager<Int>.Page {
            .init(total: skip + 10 * limit, elements: Array(skip..<(skip + limit)))
        }
    }

    @Test("a list that never ends is held to maxPages pages, unsettled (withdraws nothing)")
    func endless() async throws {
        let list = EndlessList()
        let pager = OffsetPager<Int>(limit: 20, maxPages: 5, key: { String($0) }, read: { await list.page($0, $1) })
        let (state, store) = try await read(pager)
        #expect(!state.isSettled)
        #expect(state.keys.count >= 5 * 20 && state.keys.count < 6 * 20, "\(state.keys.count) held")
        #expect(store.held.count == state.keys.count)
    }

    @Test("a work deleted before the cursor: found, mended, nothing missed")
    func deletionBeforeCursor() async throws {
        let list = MovingList(count: 1_000, changes: [20: { $0.remove(at: 123) }])
        let (state, store) = try await read(pager(list))
        let now = await list.ids
        #expect(now.count == 999 && !now.contains(124))
        #expect(state.keys == now.map(String.init) && store.held == Set(now))
        #expect(state.isSettled && state.repairs == 1 && state.totalMoves == 1)
        expectCheap(state, count: 1_000, changes: 1)
    }

    @Test("a work added before the cursor: found and inserted where it stands")
    func additionBeforeCursor() async throws {
        let list = MovingList(count: 1_000, changes: [30: { $0.insert(5_000, at: 41) }])
        let (state, store) = try await read(pager(list))
        let now = await list.ids
        #expect(state.keys == now.map(String.init) && state.keys[41] == "5000" && store.held == Set(now))
        #expect(state.isSettled && state.repairs == 1)
        expectCheap(state, count: 1_000, changes: 1)
    }

    @Test("the total moves by changes past the cursor: no repair needed, still exact")
    func totalMovesAhead() async throws {
        let list = MovingList(count: 1_000, changes: [5: { $0.remove(at: 900) }, 10: { $0.append(7_000) }, 15: { $0.insert(7_001, at: 800) }])
        let (state, store) = try await read(pager(list))
        let now = await list.ids
        #expect(state.keys == now.map(String.init) && store.held == Set(now))
        #expect(state.isSettled && state.repairs == 0 && state.totalMoves == 3)
        expectCheap(state, count: 1_000, changes: 0)
    }

    @Test("three changes before the cursor, spread over the read: each mended locally")
    func severalChanges() async throws {
        let list = MovingList(count: 2_000, changes: [
            12: { $0.remove(at: 5) }, 40: { $0.insert(9_001, at: 300) }, 70: { $0.remove(at: 900) },
        ])
        let (state, store) = try await read(pager(list))
        let now = await list.ids
        #expect(state.keys == now.map(String.init) && store.held == Set(now))
        #expect(state.isSettled && state.repairs == 3)
        expectCheap(state, count: 2_000, changes: 3)
    }

    @Test("a list that never holds still: read to the end, not settled (so nothing is withdrawn), bounded")
    func neverSettles() async throws {
        let list = MovingList(count: 1_000)
        await list.setChange(every: 2) { ids in ids.insert((ids.max() ?? 0) + 1, at: ids.count / 3) }
        let pager = pager(list)
        let (state, store) = try await read(pager)
        #expect(!state.isSettled)
        #expect(state.repairs == pager.maxRepairs)
        #expect(state.requests <= pager.maxRequests(total: state.total))
        // Every work of the starting list was still seen once at least.
        #expect(Set(1...1_000).isSubset(of: store.held))
    }

    @Test("a stop keeps what was read")
    func stopped() async throws {
        let list = MovingList(count: 1_000, stopAt: 10)
        var state = OffsetPager<Int>.State()
        var store = Store()
        await #expect(throws: ListingStopped.self) { try await store.list(pager(list), into: &state) }
        #expect(state.keys == (1...(1 + 19 * 9)).map(String.init) && store.held == Set(1...(1 + 19 * 9)))
        #expect(!state.isSettled)
    }

    @Test("an empty collection, and one page that holds it all")
    func small() async throws {
        let (state, store) = try await read(pager(MovingList(count: 1, changes: [1: { $0 = [] }])))
        #expect(state.keys.isEmpty && store.held.isEmpty && state.isSettled && state.requests == 1)
        let (one, oneStore) = try await read(pager(MovingList(count: 20)))
        #expect(one.keys == (1...20).map(String.init) && oneStore.held == Set(1...20) && one.isSettled && one.requests == 1)
    }

    @Test("issue 47: changes within the page just served, its first and last places included: two requests each, exact")
    func changesWithinThePageServed() async throws {
        let list = MovingList(count: 2_000)
        // Deletions and additions at the page's first, a middle and its last place.
        let places: [@Sendable (Range<Int>) -> Int] = [{ $0.lowerBound }, { $0.lowerBound + 7 }, { $0.upperBound - 1 }]
        for (n, request) in [10, 22, 35, 47, 60, 74].enumerated() {
            let place = places[n % 3]
            if n % 2 == 0 {
                await list.setChange(after: request) { ids, served in ids.remove(at: place(served)) }
            } else {
                await list.setChange(after: request) { ids, served in ids.insert(9_000 + n, at: place(served)) }
            }
        }
        let (state, store) = try await read(pager(list))
        let now = await list.ids
        #expect(state.keys == now.map(String.init) && store.held == Set(now))
        #expect(state.isSettled && state.repairs == 6)
        // A clean read of what stands now (± one for the count moving), and for each change the read that found it
        // and the page read again; a change at the page's first place costs that page once more (from one before).
        let clean = (now.count - 1 + 18) / 19
        #expect(state.requests <= clean + 1 + 2 * 4 + 3 * 2, "\(state.requests) requests, \(clean) for a clean read")
    }

    /// A stand-in for the CMA list: after any page served (a page read again or a probe too), with
    /// a share of the pages, a work is deleted or added within that page's range, in turn, never after a
    /// page that reached the end (no reader could see it).
    actor FastList {
        var ids: [Int]
        var answered = 0
        var changes = 0
        var random: UInt64
        let share: Double
        let maxChanges: Int

        init(count: Int, seed: UInt64, share: Double, maxChanges: Int) {
            ids = Array(1...count)
            random = seed &* 0x9E37_79B9_7F4A_7C15 | 1
            self.share = share
            self.maxChanges = maxChanges
        }

        private func next() -> UInt64 {
            random ^= random << 13
            random ^= random >> 7
            random ^= random << 17
            return random
        }

        func page(_ skip: Int, _ limit: Int) -> OffsetPager<Int>.Page {
            answered += 1
            let start = min(skip, ids.count)
            let page = OffsetPager<Int>.Page(total: ids.count, elements: Array(ids[start..<min(ids.count, start + limit)]))
            let due = Double(next() % 1_000_000) / 1_000_000 < share
            if due, changes < maxChanges, skip + limit < ids.count {
                changes += 1
                let at = min(skip + Int(next() % UInt64(limit)), ids.count - 1)
                if changes % 2 == 1 { ids.remove(at: at) } else { ids.insert(100_000 + changes, at: at) }
            }
            return page
        }
    }

    @Test("issue 47: a list moving on 5% of the pages served, within each: exact, about one request a change", arguments: 1...300)
    func fastList(seed: Int) async throws {
        let list = FastList(count: 1_280, seed: UInt64(seed), share: 0.05, maxChanges: 8)
        let pager = OffsetPager<Int>(limit: 20, key: { String($0) }, read: { await list.page($0, $1) })
        let (state, store) = try await read(pager)
        let now = await list.ids
        let changes = await list.changes
        let held = Set(state.keys.compactMap { Int($0) })
        #expect(state.keys == now.map(String.init), "seed \(seed): \(changes) changes, missing \(Set(now).subtracting(held).sorted()), extra \(held.subtracting(now).sorted())")
        #expect(store.held == held)
        let pages = Double(state.pages(limit: 20))
        #expect(Double(state.requests) <= 1.1 * pages + 20, "seed \(seed): \(state.requests) requests, \(changes) changes")
    }
}
