import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit

/// The Art Institute of Chicago's public API (`api.artic.edu`): its search
/// carries every artwork's fields, read whole each night in windows of
/// artwork IDs (a search serves 10,000 results at most). It needs no
/// credential; anonymous clients may make 60 requests a minute.
package struct AICSource: Source {
    package static let name = SourceName("aic")

    package init() {}

    package var title: String { "The Art Institute of Chicago's API" }

    /// One request a second: the documented limit is 60 a minute per IP,
    /// and the documentation asks scrapers for no more than one a second.
    package var defaults: SourceDefaults {
        SourceDefaults(
            name: name, api: "https://api.artic.edu/api/v1", imageHost: "www.artic.edu", rate: .fixed(1),
            userAgentSubject: "the Art Institute of Chicago's API")
    }

    package var attribution: SourceAttribution {
        SourceAttribution(
            title: "Art Institute of Chicago artworks an app can show (etl catalog)",
            description: """
                Artworks of the Art Institute of Chicago, filtered to those an app can show (public domain, \
                with a picture, a title, an artist, a date and a classification), each listed once, built by \
                etl. The museum's data is CC0 1.0; its description field (CC BY 4.0) is not stored. Credit the \
                Art Institute of Chicago and link back to aic_artworks.artwork_url.
                """,
            license: "CC0 1.0 (the Art Institute of Chicago's data; description not stored)",
            licenseURL: "https://creativecommons.org/publicdomain/zero/1.0/",
            source: "Art Institute of Chicago API (/artworks/search)", sourceURL: "https://api.artic.edu/docs/",
            worksDescription: "The kept set: complete, listed artworks, one per normalized artist and title.",
            fields: AICArtwork.work.fields)
    }

    package var table: SourceTable? { AICArtwork.table }

    package var options: [SourceOption] { AICQuery.options }

    package var crawl: CrawlStyle { .listing(PagedLister<AICLister>()) }

    /// The documentation asks clients to name themselves and a contact.
    package func headers(for options: CrawlOptions) -> [String] { [options[settings: AICQuery.self].userAgentHeader] }

    package func summaryLines(for summary: CrawlSummary) -> [String] {
        summaryLine(summary.windowsRead { "\($0) id window\($0 == 1 ? "" : "s") of at most 10,000 artworks" })
    }
}
