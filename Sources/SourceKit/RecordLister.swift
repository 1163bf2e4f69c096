import ETLCatalog
import ETLCore
import FetchEngine
import Foundation

/// Reads a source whose listing carries the whole records.
package protocol RecordLister: Sendable {
    /// Reads the whole listing into `listing` through the engine (each page
    /// paced, retried and judged), filling the source's own summary figures
    /// and `summary.retries`. Throws ``ListingStopped`` when the run stops
    /// first; what was read stays in `listing`.
    func list(_ context: ListingContext, into listing: inout SourceListing, summary: inout CrawlSummary) async throws
}

/// What a lister reads with.
package struct ListingContext: Sendable {
    package var options: CrawlOptions
    package var client: any HTTPClient
    package var pacer: RequestPacer
    /// When the run started: a listing may stop at it (newer items wait for the next night).
    package var startedAt: Date
    /// Hears each page, for progress lines and telemetry during the listing.
    package var observer: (any ListingObserver)?
    /// The deepest result the API's search served in an earlier run (the
    /// catalog remembers it per host), so this one asks no deeper.
    package var searchDepth: Int?

    package init(
        options: CrawlOptions, client: any HTTPClient, pacer: RequestPacer, startedAt: Date,
        observer: (any ListingObserver)? = nil, searchDepth: Int? = nil
    ) {
        self.options = options
        self.client = client
        self.pacer = pacer
        self.startedAt = startedAt
        self.observer = observer
        self.searchDepth = searchDepth
    }

    /// A reader of `kind`'s pages with the run's attempts and backoff.
    package func reader<Kind: FetchKind, Body: Sendable>(_ kind: Kind) -> PageReader<Kind, Body> where Kind.Output == PageAnswer<Body> {
        PageReader(
            kind: kind, client: client, pacer: pacer, maxAttempts: options.pacing.maxAttempts, backoff: options.backoff, observer: observer)
    }
}
