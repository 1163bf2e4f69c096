import ETLCore
import ETLPictures
import FetchEngine

/// What the catalog's metadata and documentation say of a source, in the
/// catalog's own terms: the source kit describes a source's table and
/// facets so (`Source.described`), so this layer knows neither.
package struct DescribedSource: Sendable {
    package var name: SourceName
    package var attribution: SourceAttribution
    /// The source's own table, as described (its columns are on `works`
    /// too); nil when its fields are the shared ones.
    package var table: CatalogDescription.Table?
    /// The columns of `works` worth grouping by, in the order shown.
    package var facets: [String]

    package init(name: SourceName, attribution: SourceAttribution, table: CatalogDescription.Table?, facets: [String]) {
        self.name = name
        self.attribution = attribution
        self.table = table
        self.facets = facets
    }
}
