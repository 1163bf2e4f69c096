import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit

/// Reads a Flickr search whole (see ``FlickrLister``) and says what it saw.
package struct FlickrListing: RecordLister {
    package init() {}

    package func list(_ context: ListingContext, into listing: inout SourceListing, summary: inout CrawlSummary) async throws {
        let reader: PageReader<FlickrSearchRequest, FlickrSearchPage> = context.reader(FlickrSearchRequest())
        let lister = FlickrLister(
            api: context.options.api, query: context.options.flickr, reader: reader, until: Int(context.startedAt.timeIntervalSince1970))
        var tally = FlickrLister.Tally()
        defer {
            (summary.windows, summary.unsteadyWindows, summary.unreachable) = (tally.windows, tally.unsteady, tally.unreachable)
            summary.retries = reader.tally.total.retries
        }
        try await lister.list(into: &listing, tally: &tally)
    }
}
