import FetchEngine
import Store

/// A listing's page (an ID listing, a page of a search or of a list):
/// what such pages share. No answer is retried unless it can
/// come back; a page that failed for good leaves the listing incomplete.
package protocol ListingPageKind: FetchKind where Output == PageAnswer<Body> {
    associatedtype Body: Sendable
}

extension ListingPageKind {
    /// A page is big (megabytes for the Met's IDs) and may cost quota: never a probe.
    package var isProbeTarget: Bool { false }

    package func verdict(for error: HTTPError, item: Item) -> Verdict<Output> {
        if case .cannotConnect(_, let reason) = error { return .fatal(ListingUnreachable(reason: reason)) }
        guard error.isRetryable else { return .done(.failed(error.description)) }
        return .retry(FetchFailure(error.category, reason: error.description))
    }

    package func output(for item: Item, failure: FetchFailure, attempts: Int) -> Output {
        .failed(failure.reason)
    }
}
