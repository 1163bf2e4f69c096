import FetchEngine
import Store

/// What a listing-only source listed so far: each item once, in the order
/// first seen. Filled in place, so a run that stops half-way still stores
/// what it read.
package struct SourceListing: Sendable {
    package private(set) var items: [ListedItem] = []
    private var index: [Int: Int] = [:]
    /// Answers of items already listed (a window or a list read again).
    package private(set) var repeats = 0
    /// Items with no usable ID: counted, not stored.
    package private(set) var withoutID = 0
    /// True once the whole list was read: only then may what is missing be withdrawn.
    package var isComplete = false
    /// The deepest result the API's search served, when the lister learnt
    /// it (a page past it refused), for the next run to ask no deeper.
    package var searchDepth: Int?

    package init() {}

    /// Adds `item`; a repeat replaces the earlier copy (it is newer) but is counted once.
    package mutating func add(_ item: ListedItem?) {
        guard let item else {
            withoutID += 1
            return
        }
        if let position = index[item.id] {
            repeats += 1
            items[position] = item
        } else {
            index[item.id] = items.count
            items.append(item)
        }
    }

    package var ids: [Int] { items.map(\.id) }
}
