import FetchEngine
import Foundation

/// `GET {api}/objects[?metadataDate=…]`: how the ID listing's answers read.
struct ListingRequest: FetchKind {
    struct Listing: Sendable {
        var url: String
        /// A `?metadataDate=` listing, where no change is `{"total": 0, "objectIDs": null}`.
        var isChangedListing: Bool
    }

    enum Answer: Sendable, Equatable {
        case body(ObjectListingBody)
        case failed(String)
    }

    func url(for listing: Listing) -> String { listing.url }

    /// A listing is megabytes: never a probe.
    var isProbeTarget: Bool { false }

    func verdict(for response: HTTPResponse, item listing: Listing) async -> Verdict<Answer> {
        switch response.status {
        case 200:
            do {
                if let body = try ObjectListingBody.decode(response.body, url: listing.url, isChangedListing: listing.isChangedListing) {
                    return .done(.body(body))
                }
            } catch {
                // JSON that is no consistent listing must never withdraw anything: stop.
                return .fatal(error)
            }
            if RefusalSignal.isHTML(response) {
                return .refused(FetchFailure(.refused, reason: RefusalSignal.describe(response), status: 200), isFinalIfNoise: false)
            }
            return .done(.failed("the body is not {\"total\": N, \"objectIDs\": [...]}"))
        case 403, 429:
            return .refused(FetchFailure(.refused, reason: RefusalSignal.describe(response), status: response.status), isFinalIfNoise: false)
        case 408, 500...599:
            return .retry(FetchFailure(.status, reason: "HTTP \(response.status)", status: response.status), retryAfter: response.retryAfter)
        default:
            let message = ObjectRequest.message(in: response.body)
                ?? (try? JSONDecoder().decode(String.self, from: Data(response.body)))
                ?? "no message"
            // The server's words, escaped and cut: they end up on a terminal and in logs.
            let shown = TerminalText.escaped(message.prefix(200)) + (message.count > 200 ? "…" : "")
            return .done(.failed("HTTP \(response.status): \(shown)"))
        }
    }

    func verdict(for error: HTTPError, item listing: Listing) -> Verdict<Answer> {
        if case .cannotConnect(_, let reason) = error { return .fatal(ListingUnreachable(reason: reason)) }
        guard error.isRetryable else { return .done(.failed(error.description)) }
        return .retry(FetchFailure(error.category, reason: error.description))
    }

    func output(for listing: Listing, failure: FetchFailure, attempts: Int) -> Answer {
        .failed(failure.reason)
    }
}

/// The API cannot be reached at all: retrying the listing would not help.
struct ListingUnreachable: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
