import ETLCore
import FetchEngine
import SourceKit

/// The Cleveland Museum of Art's Open Access API: ~64,000 artwork records, CC0, no key, listed by
/// offset (``CMAListing``). No rate limit is documented: `--rate auto` and the pacing memory find one.
package struct CMASource: Source {
    package static let name = SourceName("cma")
    static let pictureKey = CMAQuery.key(for: \.picture)

    package init() {}

    package var title: String { "The Cleveland Museum of Art's Open Access API" }

    package var defaults: SourceDefaults {
        SourceDefaults(
            name: name, api: "https://openaccess-api.clevelandart.org/api", imageHost: "openaccess-cdn.clevelandart.org",
            userAgentSubject: "the Cleveland Museum of Art's Open Access API")
    }

    package var attribution: SourceAttribution {
        SourceAttribution(
            title: "Cleveland Museum of Art artworks an app can show (etl catalog)",
            description: "Artworks of the Cleveland Museum of Art an app can show (CC0, with a picture, a title, a creator, a date "
                + "and a type), each listed once, built by etl. Data and pictures are CC0 1.0; credit the Cleveland Museum of Art "
                + "and link back to cma_artworks.artwork_url.",
            license: "CC0 1.0 (the Cleveland Museum of Art's Open Access data and pictures)",
            licenseURL: "https://creativecommons.org/publicdomain/zero/1.0/",
            source: "Cleveland Museum of Art Open Access API (/api/artworks/)", sourceURL: "https://openaccess-api.clevelandart.org/",
            worksDescription: "The kept set: complete, listed artworks, one per normalized first creator and title.",
            fields: CMAArtwork.work.fields)
    }

    package var table: SourceTable? { CMAArtwork.table }
    package var crawl: CrawlStyle { .listing(CMAListing()) }

    package var options: [SourceOption] { CMAQuery.options }

    package func summaryLines(for summary: CrawlSummary) -> [String] {
        guard let pages = summary.listPages else { return [] }
        return summaryLine("\(pages) page\(pages == 1 ? "" : "s") of \(CMAListing.limit) artworks in \(summary.requests) requests"
            + summary.stillMoving)
    }
}
