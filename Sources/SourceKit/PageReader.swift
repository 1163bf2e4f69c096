import ETLCore
import FetchEngine
import Store

/// Reads one page of a listing through the fetch engine (paced, retried,
/// refusals judged); a stop or the deadline cancels the transfer.
package struct PageReader<Kind: FetchKind, Body: Sendable>: Sendable where Kind.Output == PageAnswer<Body> {
    package let fetcher: Fetcher<Kind>
    /// Every read's requests, retries and bytes, for the run's summary.
    package let tally = TallySum()
    /// Hears every page read, for progress and telemetry while the listing runs.
    package let observer: (any ListingObserver)?

    package init(
        kind: Kind, client: any HTTPClient, pacer: RequestPacer, maxAttempts: Int, backoff: Backoff = Backoff(), seed: UInt64 = 3,
        observer: (any ListingObserver)? = nil
    ) {
        fetcher = Fetcher(kind: kind, client: client, pacer: pacer, maxAttempts: maxAttempts, backoff: backoff, seed: seed)
        self.observer = observer
    }

    /// The page's body; throws ``ListingStopped`` when the run stops first
    /// and ``CrawlError/listingFailed(url:reason:)`` when the page fails.
    package func read(_ item: Kind.Item) async throws -> Body {
        let fetcher = self.fetcher
        let pacer = fetcher.pacer
        let completion = await withTaskGroup(of: FetchCompletion<Kind.Item, Kind.Output>?.self) { group in
            group.addTask { await fetcher.fetch(item) }
            group.addTask {
                await pacer.waitUntilTransfersMustEnd()
                return nil
            }
            var result: FetchCompletion<Kind.Item, Kind.Output>?
            while result == nil, let next = await group.next() {
                result = next
                group.cancelAll()
            }
            return result
        }
        let url = fetcher.kind.url(for: item)
        if let completion { tally.add(completion.tally) }
        guard let completion else { throw ListingStopped(reason: pacer.stop.isRequested ? .stopped : .timeBudget) }
        switch completion {
        case .finished(.body(let body), _):
            await observer?.pageRead(items: (body as? any CountedPage)?.itemCount ?? 0)
            return body
        case .finished(.failed(let reason), _): throw CrawlError.listingFailed(url: url, reason: reason)
        case .abandoned(_, let reason, _): throw ListingStopped(reason: reason)
        case .unreachable(_, let failure, _): throw CrawlError.unreachable(url: url, reason: failure.reason)
        case .fatal(_, let error as ListingUnreachable, _): throw CrawlError.unreachable(url: url, reason: error.reason)
        case .fatal(_, let error, _): throw error
        }
    }
}
