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

@Suite("PageLayout")
struct PageLayoutTests {
    /// `count` distinct IDs in a scrambled order, reproducible per seed.
    static func randomIDs(count: Int, seed: UInt64, range: ClosedRange<Int> = 1...900_000) -> [Int] {
        var generator = SeededGenerator(seed: seed)
        var ids: Set<Int> = []
        while ids.count < count { ids.insert(Int.random(in: range, using: &generator)) }
        return Array(ids).shuffled(using: &generator)
    }

    // MARK: id order

    @Test(arguments: [
        (3, 4, 12), (3, 4, 5), (3, 4, 4), (3, 4, 0), (3, 4, 20), (1, 1, 1), (1, 1, 0), (30, 100, 2_500),
        (30, 100, 3_000), (30, 100, 3_001), (2, 7, 9),
    ])
    func idOrderCutsAscendingIDs(pageCount: Int, pageSize: Int, works: Int) {
        let ids = Self.randomIDs(count: works, seed: UInt64(works))
        let sorted = ids.sorted()
        let pages = PageLayout(pageCount: pageCount, pageSize: pageSize, order: .id).pages(for: ids)
        #expect(pages.count == pageCount)
        for k in 1...pageCount {
            let lower = min((k - 1) * pageSize, sorted.count)
            let upper = min(k * pageSize, sorted.count)
            #expect(pages[k - 1] == Array(sorted[lower..<upper]), "page \(k)")
        }
        let paged = pages.reduce(0) { $0 + $1.count }
        #expect(paged == min(works, pageCount * pageSize))
    }

    @Test func fewerWorksGiveShortThenEmptyPages() {
        let pages = PageLayout(pageCount: 4, pageSize: 3, order: .id).pages(for: [9, 2, 5, 7])
        #expect(pages == [[2, 5, 7], [9], [], []])
    }

    @Test func noWorksGiveEmptyPages() {
        let pages = PageLayout(pageCount: 3, pageSize: 10, order: .shuffle, seed: 4).pages(for: [])
        #expect(pages == [[], [], []])
    }

    @Test func moreWorksLeaveTheRestUnpaged() {
        let pages = PageLayout(pageCount: 2, pageSize: 2, order: .id).pages(for: [6, 5, 4, 3, 2, 1])
        #expect(pages == [[1, 2], [3, 4]])
    }

    @Test func defaultsAreThirtyPagesOfAHundredShuffled() {
        let layout = PageLayout()
        #expect(layout.pageCount == 30)
        #expect(layout.pageSize == 100)
        #expect(layout.order == .shuffle)
        #expect(layout.pages(for: Array(1...5_000)).map(\.count) == Array(repeating: 100, count: 30))
    }

    // MARK: shuffle order

    @Test(arguments: [0 as UInt64, 1, 42, .max])
    func shuffleIsADeterministicPermutation(seed: UInt64) {
        let ids = Self.randomIDs(count: 500, seed: seed &+ 7)
        let layout = PageLayout(order: .shuffle, seed: seed)
        let first = layout.orderedIDs(ids)
        #expect(first == layout.orderedIDs(ids))
        #expect(first.sorted() == ids.sorted())
        #expect(first != ids.sorted())
        // The input's order does not matter, only the set.
        #expect(layout.orderedIDs(ids.sorted()) == first)
        #expect(layout.orderedIDs(ids.reversed()) == first)
    }

    @Test func anotherSeedGivesAnotherOrder() {
        let ids = Self.randomIDs(count: 200, seed: 3)
        let orders = (0..<5 as Range<UInt64>).map { PageLayout(order: .shuffle, seed: $0).orderedIDs(ids) }
        #expect(Set(orders.map { $0.map(String.init).joined(separator: ",") }).count == 5)
    }

    @Test(arguments: 1...8)
    func insertingOneIDKeepsTheOthersInOrder(trial: Int) {
        let seed = UInt64(trial)
        let ids = Self.randomIDs(count: 50 + trial * 37, seed: seed)
        var generator = SeededGenerator(seed: seed &* 1_000)
        var newID = Int.random(in: 1...900_000, using: &generator)
        while ids.contains(newID) { newID += 1 }
        let layout = PageLayout(order: .shuffle, seed: seed &* 31)
        let before = layout.orderedIDs(ids)
        let after = layout.orderedIDs(ids + [newID])
        #expect(after.count == before.count + 1)
        #expect(after.filter { $0 != newID } == before)
        // Removing one keeps the others in order too.
        let removed = ids[trial % ids.count]
        #expect(layout.orderedIDs(ids.filter { $0 != removed }) == before.filter { $0 != removed })
    }

    @Test func shuffleSpreadsConsecutiveIDs() {
        // 1...100 should not come out (nearly) sorted.
        let ordered = PageLayout(order: .shuffle, seed: 0).orderedIDs(Array(1...100))
        let ascendingSteps = zip(ordered, ordered.dropFirst()).filter { $0 < $1 }.count
        #expect((25...75).contains(ascendingSteps))
        let firstPage = PageLayout(pageCount: 4, pageSize: 25, order: .shuffle, seed: 0).pages(for: Array(1...100))[0]
        #expect(firstPage.max()! - firstPage.min()! > 50)
    }

    // MARK: changedLines

    @Test(arguments: [
        ([[1, 2], [3, 4]], [[1, 2], [3, 4]], 0),
        ([[1, 2], [3, 4]], [[2, 1], [4, 3]], 0),
        ([[1, 2], [3, 4]], [[1, 2], [3, 5]], 2),
        ([[1, 2], [3]], [[1], [2, 3]], 2),
        ([[1, 2], [3, 4]], [[5, 6], [7, 8]], 8),
        ([[1, 2]], [[1, 2], [3]], 1),
        ([[1, 2], [3]], [[1, 2]], 1),
        ([], [[1], [2, 3]], 3),
        ([[1], [], []], [[], [], [1]], 2),
    ] as [([[Int]], [[Int]], Int)])
    func changedLinesCountsLeftAndArrivedPerPage(old: [[Int]], new: [[Int]], expected: Int) {
        #expect(PageLayout.changedLines(from: old, to: new) == expected)
        #expect(PageLayout.changedLines(from: new, to: old) == expected)
    }

    @Test func oneNewWorkInIDOrderShiftsOnePerLaterPage() {
        let layout = PageLayout(pageCount: 3, pageSize: 2, order: .id)
        let old = layout.pages(for: [10, 20, 30, 40, 50, 60])
        let new = layout.pages(for: [5, 10, 20, 30, 40, 50, 60])
        // Each page loses its last ID and gains the previous page's last.
        #expect(new == [[5, 10], [20, 30], [40, 50]])
        #expect(PageLayout.changedLines(from: old, to: new) == 6)
    }

    @Test func oneNewWorkInShuffleOrderChangesFewLinesWhenPagesAreNotFull() {
        let layout = PageLayout(pageCount: 30, pageSize: 100, order: .shuffle, seed: 9)
        let ids = Self.randomIDs(count: 2_000, seed: 11)
        let old = layout.pages(for: ids)
        let new = layout.pages(for: ids + [1_000_001])
        let changed = PageLayout.changedLines(from: old, to: new)
        // At most one line moves per page at or after the insertion point, plus the new line.
        #expect(changed >= 1)
        #expect(changed <= 2 * 20 + 1)
        #expect(new.joined().filter { $0 != 1_000_001 } == Array(old.joined()))
    }
}
