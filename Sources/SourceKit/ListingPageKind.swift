import ETLCore
import FetchEngine
import Store

/// A listing's page (an ID listing, a page of a search or of a list):
/// what such pages share. No answer is retried unless it can
/// come back; a page that failed for good leaves the listing incomplete.
package protocol ListingPageKind: LadderFetchKind where Output == PageAnswer<Body> {
    associatedtype Body: Sendable
}

extension ListingPageKind {
    /// A page is big (megabytes for an ID listing) and may cost quota: never a probe.
    package var isProbeTarget: Bool { false }

    /// The engine's ladder as every listing page reads it: a page that
    /// failed for good is `.failed`, and no connection at all stops the
    /// run (the listing cannot go on without its host).
    package func pageLadder(
        readBody: @escaping @Sendable (HTTPResponse, Item) async -> Verdict<Output>?,
        brokenBody: @escaping @Sendable (HTTPResponse, Item) -> Verdict<Output>,
        otherStatus: @escaping @Sendable (HTTPResponse, Item) -> Verdict<Output>,
        tooManyRequests: AnswerLadder<Item, Output>.TooManyRequests = .refusal
    ) -> AnswerLadder<Item, Output> {
        AnswerLadder(
            readBody: readBody, failed: { _, failure in .failed(failure.reason) }, brokenBody: brokenBody,
            otherStatus: otherStatus, tooManyRequests: tooManyRequests, unreachable: { ListingUnreachable(reason: $0) })
    }
}
