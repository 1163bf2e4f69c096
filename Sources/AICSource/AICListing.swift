import ETLCore
import SourceKit

/// Reads the collection whole (see ``AICLister``) and says what it saw.
package struct AICListing: RecordLister {
    package init() {}

    package func list(_ context: ListingContext, into listing: inout SourceListing, summary: inout CrawlSummary) async throws {
        let reader: PageReader<AICSearchRequest, AICAnswer> = context.reader(AICSearchRequest())
        var lister = AICLister(api: context.options.api, query: context.options.aic, reader: reader)
        if let depth = context.searchDepth, depth > 0 { lister.startDepth = min(depth, AICLister.depth) }
        var tally = AICLister.Tally()
        defer {
            (summary.windows, summary.unsteadyWindows) = (tally.windows, tally.unsteady)
            summary.retries = reader.tally.total.retries
        }
        try await lister.list(into: &listing, tally: &tally)
    }
}
