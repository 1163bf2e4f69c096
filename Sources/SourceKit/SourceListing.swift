import FetchEngine
import Store

/// What a listing-only source listed so far: each item once, in the order
/// first seen. Filled in place, so a run that stops half-way still stores
/// what it read.
///
/// A lister hands what it read to the run's ``ListingStore`` with
/// ``flush()`` wherever that part is settled (a window read whole), so what
/// is held is at most one such part, however long the listing: an endless
/// collection cannot fill memory. What no flush took is stored at the end.
package struct SourceListing {
    /// Listed items not yet handed to the store, each once.
    package private(set) var items: [ListedItem] = []
    private var index: [Int: Int] = [:]
    /// Answers of items already listed (a window or a list read again).
    package private(set) var repeats = 0
    /// Items with no usable ID: counted, not stored.
    package private(set) var withoutID = 0
    /// Distinct items handed to the store so far.
    package private(set) var stored = 0
    /// True once the whole list was read: only then may what is missing be withdrawn.
    package var isComplete = false
    /// The deepest result the API's search served, when the lister learnt
    /// it (a page past it refused), for the next run to ask no deeper.
    package var searchDepth: Int?
    private let store: (any ListingStore)?

    /// A listing that keeps what it lists until the run stores it; with
    /// `store`, one that hands it over at each ``flush()``.
    package init(store: (any ListingStore)? = nil) {
        self.store = store
    }

    /// Distinct items listed, stored or not.
    package var count: Int { stored + items.count }

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

    /// Hands the items listed since the last flush to the store (none
    /// without one): call it where what was added is final.
    package mutating func flush() throws {
        guard let store else { return }
        try flush(to: store)
    }

    /// Takes back items listed earlier that the list turned out not to
    /// hold (deleted while it was read): from those not handed over yet,
    /// and from the store. An ID not listed is no matter.
    package mutating func remove(ids: [Int]) throws {
        guard !ids.isEmpty else { return }
        let gone = Set(ids)
        if items.contains(where: { gone.contains($0.id) }) {
            items.removeAll { gone.contains($0.id) }
            index = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id, $0) })
        }
        if let store { stored -= try store.unlist(ids) }
    }

    /// Hands the items listed since the last flush to `store`.
    package mutating func flush(to store: any ListingStore) throws {
        guard !items.isEmpty else { return }
        let again = try store.store(items)
        stored += items.count - again
        repeats += again
        items = []
        index = [:]
    }
}

/// Where a listing's items go as they are read: the run's catalog.
package protocol ListingStore: AnyObject {
    /// Stores `items` (distinct IDs); returns how many of them this listing
    /// had stored before (the newer copy replaces the earlier one).
    func store(_ items: [ListedItem]) throws -> Int
    /// Takes back the items of `ids` this listing stored (their rows too,
    /// where the catalog did not know them before); returns how many it had.
    func unlist(_ ids: [Int]) throws -> Int
}
