import FetchEngine
import Store

/// How a full listing changed the catalog's set of objects.
package struct ListingChanges: Sendable, Equatable {
    /// IDs listed for the first time.
    package var added: Int
    /// IDs the catalog knew that the listing no longer names.
    package var withdrawn: Int
    /// Withdrawn IDs that the listing names again.
    package var relisted: Int

    package init(added: Int, withdrawn: Int, relisted: Int) {
        self.added = added
        self.withdrawn = withdrawn
        self.relisted = relisted
    }
}
