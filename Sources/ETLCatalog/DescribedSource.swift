import ETLCore
import ETLPictures
import FetchEngine

/// What the catalog's metadata and documentation say of a source.
package struct DescribedSource: Sendable {
    package var name: SourceName
    package var attribution: SourceAttribution
    /// The source's own columns; nil when its fields are the shared ones.
    package var table: SourceTable?

    package init(name: SourceName, attribution: SourceAttribution, table: SourceTable?) {
        self.name = name
        self.attribution = attribution
        self.table = table
    }
}
