import FetchEngine
import Store

/// How kept works are ordered before they are cut into pages.
package enum PageOrder: String, Sendable, CaseIterable {
    /// Ascending object ID.
    case id
    /// A stable pseudo-random order: a work's place depends only on the seed
    /// and its own ID, so adding one work never reshuffles the others.
    case shuffle
}
