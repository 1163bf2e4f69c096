import ETLCatalog
import ETLCore
import FetchEngine

/// How a crawl reads a source.
package enum CrawlStyle: Sendable {
    /// The listing carries every record (a photo search, a list of
    /// movies): each crawl reads the whole list.
    case listing(any RecordLister)
    /// The listing names IDs and each item is fetched on its own (the
    /// Met): runs resume a queue, incremental by the source's change dates.
    case itemByItem(any ItemFetcher)
}
