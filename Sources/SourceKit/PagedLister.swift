import ETLCatalog
import ETLCore
import FetchEngine

/// A source's ``RecordLister`` when its listing is a ``PagedListing``:
/// the run's lister, read through the ``ListingPager``.
package struct PagedLister<Listing: PagedListing>: RecordLister {
    package init() {}

    package func list(_ context: ListingContext, into listing: inout SourceListing, summary: inout CrawlSummary) async throws {
        var pager = ListingPager(Listing(context), reader: context.reader(Listing.request))
        defer {
            if pager.source.announcesWindows {
                (summary.windows, summary.unsteadyWindows) = (pager.tally.windows, pager.tally.unsteady)
            } else {
                summary.isListSettled = listing.isComplete
                (summary.listPages, summary.listPasses) = (pager.tally.pages, pager.tally.reads)
            }
            summary.unreachable = pager.tally.unreachable
            pager.source.finish(pager.tally, listing: &listing, summary: &summary)
            summary.retries = pager.reader.tally.total.retries
        }
        try await pager.list(into: &listing)
    }
}
