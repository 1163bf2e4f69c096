import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit
import Store

/// `GET {api}/objects[?metadataDate=…]`: how the ID listing's answers read.
package struct ListingRequest: ListingPageKind {
    package typealias Body = ObjectListingBody

    package struct Listing: Sendable {
        package var url: String
        /// A `?metadataDate=` listing, where no change is `{"total": 0, "objectIDs": null}`.
        package var isChangedListing: Bool
    }

    package func url(for listing: Listing) -> String { listing.url }


    package func verdict(for response: HTTPResponse, item listing: Listing) async -> Verdict<PageAnswer<ObjectListingBody>> {
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
}

