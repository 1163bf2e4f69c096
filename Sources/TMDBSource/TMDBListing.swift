import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit

/// Reads TMDB's now-playing list whole (see ``TMDBLister``) and says what it saw.
package struct TMDBListing: RecordLister {
    package init() {}

    package func list(_ context: ListingContext, into listing: inout SourceListing, summary: inout CrawlSummary) async throws {
        let reader: PageReader<TMDBPageRequest, TMDBPage> = context.reader(TMDBPageRequest())
        let lister = TMDBLister(api: context.options.api, query: context.options.tmdb, reader: reader)
        var tally = TMDBLister.Tally()
        defer {
            summary.retries = reader.tally.total.retries
            summary.listPasses = tally.passes
            summary.isListSettled = tally.isSettled
            summary.listPages = tally.pagesInList
            summary.pagesLostToWholePageDecode = tally.pagesLost
        }
        try await lister.list(into: &listing, tally: &tally)
    }
}
