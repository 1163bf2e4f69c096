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

    package var title: String { "The Met's Collection API" }

    /// The first source: its files keep the paths they always had.
    package var defaults: SourceDefaults {
        SourceDefaults(
            name: name, isFirst: true, api: "https://collectionapi.metmuseum.org/public/collection/v1",
            imageHost: "images.metmuseum.org", userAgentSubject: "the Met Collection API")
    }

    package var attribution: SourceAttribution {
        SourceAttribution(
            title: "The Met's displayable open-access artworks (etl catalog)",
            description: """
                Objects of The Metropolitan Museum of Art's collection as the Collection API describes them, \
                filtered to the works an app can show (public domain, with an image, an artist, a title, a \
                classification and a date), without duplicates, built by etl.
                """,
            license: "CC0 1.0", licenseURL: "https://creativecommons.org/publicdomain/zero/1.0/",
            source: "The Metropolitan Museum of Art Collection API", sourceURL: "https://metmuseum.github.io/",
            worksDescription: "The kept set: complete, public-domain, listed objects, the smallest ID of each duplicate group.",
            fields: [
                .objectID: "`objectID`", .title: "`title`", .artistDisplayName: "`artistDisplayName`", .department: "`department`",
                .classification: "`classification`", .objectDate: "`objectDate`", .objectBeginDate: "`objectBeginDate`",
                .objectEndDate: "`objectEndDate`", .culture: "`culture`", .period: "`period`", .country: "`country`",
                .medium: "`medium`", .artistNationality: "`artistNationality`", .accessionNumber: "`accessionNumber`",
                .creditLine: "`creditLine`", .isHighlight: "`isHighlight` (NULL when not a JSON boolean)",
                .primaryImage: "`primaryImage` (full size)", .primaryImageSmall: "`primaryImageSmall` (web size)",
                .objectURL: "`objectURL`", .rights: "CC0 1.0 when `isPublicDomain` is true (the Met's open access)",
                .rightsURL: "CC0 1.0's text, with rights", .isPublicDomain: "`isPublicDomain` (NULL when not a JSON boolean)",
                .metadataDate: "`metadataDate`",
            ])
    }

    package var reasons: [DeclaredReason] { MetReason.declared }

    package var options: [SourceOption] { MetPlanning.options }

    package func validate(_ options: CrawlOptions) throws(SourceOptionError) {
        try options.met.validate(isFull: options.isFull)
    }

    package var crawl: CrawlStyle { .itemByItem(MetItems()) }
}
