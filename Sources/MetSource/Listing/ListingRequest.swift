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

    package var ladder: AnswerLadder<Listing, PageAnswer<ObjectListingBody>> {
        pageLadder(
            readBody: { response, listing in
                do {
                    return try ObjectListingBody.decode(response.body, url: listing.url, isChangedListing: listing.isChangedListing)
                        .map { .done(.body($0)) }
                } catch {
                    // JSON that is no consistent listing must never withdraw anything: stop.
                    return .fatal(error)
                }
            },
            brokenBody: { _, _ in .done(.failed("the body is not {\"total\": N, \"objectIDs\": [...]}")) },
            otherStatus: { response, _ in
                let message = ObjectRequest.message(in: response.body)
                    ?? (try? JSONDecoder().decode(String.self, from: Data(response.body))) ?? "no message"
                // The server's words, escaped and cut: they end up on a terminal and in logs.
                let shown = TerminalText.escaped(message.prefix(200)) + (message.count > 200 ? "…" : "")
                return .done(.failed("HTTP \(response.status): \(shown)"))
            })
    }
}
