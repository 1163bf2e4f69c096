import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit

/// The Metropolitan Museum of Art's Collection API: the listing names
/// object IDs, each object is fetched on its own, and runs are incremental
/// by the API's `metadataDate`. It needs no credential.
package struct MetSource: Source {
    package static let name = SourceName("met")

    package init() {}

    package var name: SourceName { Self.name }
    package var title: String { "The Met's Collection API" }

    /// The first source: its files keep the paths they always had.
    package var defaults: SourceDefaults {
        SourceDefaults(
            name: name, isFirst: true, api: "https://collectionapi.metmuseum.org/public/collection/v1",
            imageHost: "images.metmuseum.org", userAgentSubject: "the Met Collection API")
    }

    package var attribution: SourceAttribution {
        SourceAttribution(
            title: CatalogDescription.title, description: CatalogDescription.description,
            license: CatalogDescription.license, licenseURL: CatalogDescription.licenseURL,
            source: CatalogDescription.source, sourceURL: CatalogDescription.sourceURL,
            worksDescription: CatalogDescription.tables(reasons: .shared)[0].description)
    }

    package var facets: [WorkFacet] { [.department, .classification] }

    package var reasons: [DeclaredReason] { MetReason.declared }

    package var crawl: CrawlStyle { .itemByItem(MetItems()) }
}
