import FetchEngine
import Store

/// How rebuilding the kept set changed the `works` table.
package struct WorksChange: Sendable, Equatable {
    package var added: Int
    package var removed: Int
    package var kept: Int

    package init(added: Int, removed: Int, kept: Int) {
        self.added = added
        self.removed = removed
        self.kept = kept
    }
}
