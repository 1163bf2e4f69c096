import FetchEngine
import Store

/// Cuts kept works into pages.
package struct PageLayout: Sendable, Equatable {
    package var pageCount: Int
    package var pageSize: Int
    package var order: PageOrder
    package var seed: UInt64

    /// The most page files a set may have: every page is a file, even an
    /// empty one, and an app ships them all.
    package static let maximumPageCount = 10_000
    /// The most places (`pageCount × pageSize`) a set may have: twice the
    /// largest collection a source lists today (a source may state its own
    /// size; this shared layer names none).
    package static let maximumSlots = 1_000_000

    package init(pageCount: Int = 30, pageSize: Int = 100, order: PageOrder = .shuffle, seed: UInt64 = 0) {
        self.pageCount = pageCount
        self.pageSize = pageSize
        self.order = order
        self.seed = seed
    }

    /// Exactly `pageCount` pages; works beyond `pageCount × pageSize` are not paged.
    package func pages(for keptIDs: [Int]) -> [[Int]] {
        let ordered = orderedIDs(keptIDs)
        return (0..<pageCount).map { page in
            let start = min(page * pageSize, ordered.count)
            let end = min(start + pageSize, ordered.count)
            return Array(ordered[start..<end])
        }
    }

    /// `keptIDs` in this layout's order.
    package func orderedIDs(_ keptIDs: [Int]) -> [Int] {
        switch order {
        case .id:
            return keptIDs.sorted()
        case .shuffle:
            return keptIDs
                .map { (key: Self.shuffleKey(id: $0, seed: seed), id: $0) }
                .sorted { ($0.key, $0.id) < ($1.key, $1.id) }
                .map(\.id)
        }
    }

    /// SplitMix64 of the ID mixed with the seed: a fixed, well-spread key per
    /// (seed, id), so the relative order of two works depends on nothing else.
    package static func shuffleKey(id: Int, seed: UInt64) -> UInt64 {
        var z = UInt64(bitPattern: Int64(id)) &+ seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Lines that differ between two layouts: per page, IDs that left plus
    /// IDs that arrived (what `diff` would count, as order is stable).
    package static func changedLines(from old: [[Int]], to new: [[Int]]) -> Int {
        var changed = 0
        for page in 0..<max(old.count, new.count) {
            let before = Set(page < old.count ? old[page] : [])
            let after = Set(page < new.count ? new[page] : [])
            changed += before.subtracting(after).count + after.subtracting(before).count
        }
        return changed
    }

    /// `--pages` × `--page-size` within ``PageLayout/maximumSlots``: a set
    /// that large is a mistake, and writing it would take minutes.
    package func validate() throws {
        let slots = pageCount.multipliedReportingOverflow(by: pageSize)
        guard slots.overflow || slots.partialValue > PageLayout.maximumSlots else { return }
        throw ValidationError(
            "--pages \(pageCount) × --page-size \(pageSize) is more than \(PageLayout.maximumSlots) places; "
                + "expected at most \(PageLayout.maximumSlots)")
    }
}
