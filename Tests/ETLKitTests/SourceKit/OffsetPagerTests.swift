import Testing
@testable import ETLCore
@testable import SourceKit

/// The offset pager against a list that moves while it is read: each
/// answer may be preceded by a change (scheduled by request number), and
/// what the pager holds at the end must be the list as it stands then.
@Suite("OffsetPager")
struct OffsetPagerTests {
    /// A list of IDs on "the server": `changes[n]` runs just before the n-th answer.
    actor MovingList {
        var ids: [Int]
        var answered = 0
        var changes: [Int: @Sendable (inout [Int]) -> Void]
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
            return .init(total: ids.count, elements: Array(ids[start..<min(ids.count, start + limit)]))
        }

        func setChange(every request: Int, _ change: @escaping @Sendable (inout [Int]) -> Void) {
            for n in 1...2_000 where n % request == 0 { changes[n] = change }
        }
    }

    private func pager(_ list: MovingList, limit: Int = 20) -> OffsetPager<Int> {
        OffsetPager(limit: limit, key: { String($0) }, read: { try await list.page($0, $1) })
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
        var state = OffsetPager<Int>.State()
        try await pager(list).list(into: &state)
        #expect(state.elements == Array(1...1_000))
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
        var state = OffsetPager<Int>.State()
        try await pager.list(into: &state)
        #expect(!state.isSettled)
        #expect(state.elements.count >= 5 * 20 && state.elements.count < 6 * 20, "\(state.elements.count) held")
    }

    @Test("a work deleted before the cursor: found, mended, nothing missed")
    func deletionBeforeCursor() async throws {
        let list = MovingList(count: 1_000, changes: [20: { $0.remove(at: 123) }])
        var state = OffsetPager<Int>.State()
        try await pager(list).list(into: &state)
        let now = await list.ids
        #expect(now.count == 999 && !now.contains(124))
        #expect(state.elements == now)
        #expect(state.isSettled && state.repairs == 1 && state.totalMoves == 1)
        expectCheap(state, count: 1_000, changes: 1)
    }

    @Test("a work added before the cursor: found and inserted where it stands")
    func additionBeforeCursor() async throws {
        let list = MovingList(count: 1_000, changes: [30: { $0.insert(5_000, at: 41) }])
        var state = OffsetPager<Int>.State()
        try await pager(list).list(into: &state)
        let now = await list.ids
        #expect(state.elements == now && state.elements[41] == 5_000)
        #expect(state.isSettled && state.repairs == 1)
        expectCheap(state, count: 1_000, changes: 1)
    }

    @Test("the total moves by changes past the cursor: no repair needed, still exact")
    func totalMovesAhead() async throws {
        let list = MovingList(count: 1_000, changes: [5: { $0.remove(at: 900) }, 10: { $0.append(7_000) }, 15: { $0.insert(7_001, at: 800) }])
        var state = OffsetPager<Int>.State()
        try await pager(list).list(into: &state)
        #expect(state.elements == (await list.ids))
        #expect(state.isSettled && state.repairs == 0 && state.totalMoves == 3)
        expectCheap(state, count: 1_000, changes: 0)
    }

    @Test("three changes before the cursor, spread over the read: each mended locally")
    func severalChanges() async throws {
        let list = MovingList(count: 2_000, changes: [
            12: { $0.remove(at: 5) }, 40: { $0.insert(9_001, at: 300) }, 70: { $0.remove(at: 900) },
        ])
        var state = OffsetPager<Int>.State()
        try await pager(list).list(into: &state)
        #expect(state.elements == (await list.ids))
        #expect(state.isSettled && state.repairs == 3)
        expectCheap(state, count: 2_000, changes: 3)
    }

    @Test("a list that never holds still: read to the end, not settled (so nothing is withdrawn), bounded")
    func neverSettles() async throws {
        let list = MovingList(count: 1_000)
        await list.setChange(every: 2) { ids in ids.insert((ids.max() ?? 0) + 1, at: ids.count / 3) }
        var state = OffsetPager<Int>.State()
        let pager = pager(list)
        try await pager.list(into: &state)
        #expect(!state.isSettled)
        #expect(state.repairs == pager.maxRepairs)
        #expect(state.requests <= pager.maxRequests(total: state.total))
        // Every work of the starting list was still seen once at least.
        #expect(Set(1...1_000).isSubset(of: Set(state.elements)))
    }

    @Test("a stop keeps what was read")
    func stopped() async throws {
        let list = MovingList(count: 1_000, stopAt: 10)
        var state = OffsetPager<Int>.State()
        await #expect(throws: ListingStopped.self) { try await pager(list).list(into: &state) }
        #expect(state.elements == Array(1...(1 + 19 * 9)))
        #expect(!state.isSettled)
    }

    @Test("an empty collection, and one page that holds it all")
    func small() async throws {
        var state = OffsetPager<Int>.State()
        try await pager(MovingList(count: 1, changes: [1: { $0 = [] }])).list(into: &state)
        #expect(state.elements.isEmpty && state.isSettled && state.requests == 1)
        var one = OffsetPager<Int>.State()
        try await pager(MovingList(count: 20)).list(into: &one)
        #expect(one.elements == Array(1...20) && one.isSettled && one.requests == 1)
    }
}
