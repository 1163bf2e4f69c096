import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit

/// Flickr's photo search (`flickr.photos.search`): the listing carries
/// every photo, read whole each night in upload-date windows. It needs an
/// API key, and allows 3,600 calls an hour per key.
package struct FlickrSource: Source {
    package static let name = SourceName("flickr")

    package init() {}

    package var title: String { "Flickr photos of a search" }

    /// One call a second: Flickr allows 3,600 an hour per API key.
    package var defaults: SourceDefaults {
        SourceDefaults(
            name: name, api: "https://api.flickr.com/services/rest", imageHost: "live.staticflickr.com", rate: .fixed(1),
            userAgentSubject: "Flickr's photo search API")
    }

    package var attribution: SourceAttribution {
        SourceAttribution(
            title: "Flickr photos an app can show (etl catalog)",
            description: """
                Photos of a Flickr search, filtered to those an app can show (id, farm, server and secret \
                present, public), each listed once, built by etl. Every photo keeps its owner's licence: \
                see flickr_photos.license_name, credit flickr_photos.owner_name and link back to \
                flickr_photos.photo_page_url. This product uses the Flickr API but is not endorsed or \
                certified by SmugMug, Inc.
                """,
            license: "Per photo (flickr_photos.license_name); the catalog's structure CC0 1.0",
            licenseURL: "https://www.flickrhelp.com/hc/en-us/articles/10710266545556-Using-Flickr-images-shared-by-other-members",
            source: "Flickr API (flickr.photos.search)", sourceURL: "https://www.flickr.com/services/api/",
            worksDescription: "The kept set: complete, public, listed photos; group them by license_name.",
            fields: FlickrPhoto.work.fields)
    }

    package var credentials: [CredentialVariable] {
        [CredentialVariable("FLICKR_API_KEY", .query(parameter: "api_key"), help: "The Flickr API key; needed by --source flickr.")]
    }

    package var credentialHelp: String { "get one at https://www.flickr.com/services/apps/create/" }

    package var table: SourceTable? { FlickrPhoto.table }

    /// A photo search has no departments or classifications; its licences
    /// are what a reader of the set asks about first.
    package var facets: [WorkFacet] { [WorkFacet("license_name", title: "licence")] }

    package var options: [SourceOption] { FlickrQuery.options }

    package func validate(_ options: CrawlOptions) throws(SourceOptionError) {
        let query = options[settings: FlickrQuery.self]
        if query.text == nil && query.tags == nil {
            throw SourceOptionError("--source flickr needs '--text <text>' or '--tags <tags>'")
        }
    }

    package var reasons: [DeclaredReason] { FlickrReason.declared }

    package var crawl: CrawlStyle { .listing(PagedLister<FlickrLister>()) }

    package func summaryLines(for summary: CrawlSummary) -> [String] {
        let unreachable = summary.unreachable ?? 0
        return summaryLine(summary.windowsRead { "\($0) upload-date windows of at most 4,000 photos" }.map {
            $0 + (unreachable > 0 ? ", \(unreachable) photos past the 4,000 of one second (nothing withdrawn)" : "")
        })
    }
}
