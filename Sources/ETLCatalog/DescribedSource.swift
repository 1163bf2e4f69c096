import ETLCore
import ETLPictures
import FetchEngine

/// What the catalog's metadata and documentation say of a source.
package struct DescribedSource: Sendable {
    package var name: SourceName
    package var attribution: SourceAttribution
    /// The source's own columns; nil when its fields are the shared ones.
    package var table: SourceTable?
    /// The columns of `works` worth grouping by, in the order shown.
    package var facets: [WorkFacet]

    package init(name: SourceName, attribution: SourceAttribution, table: SourceTable?, facets: [WorkFacet]) {
        self.name = name
        self.attribution = attribution
        self.table = table
        self.facets = facets
    }
}
