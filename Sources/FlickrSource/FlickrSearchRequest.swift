import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit
import Store

/// `flickr.photos.search`, one page: how its answers read. Errors come as
/// HTTP 200 with `stat: fail`, so the status alone says little.
package struct FlickrSearchRequest: ListingPageKind {
    package typealias Body = FlickrSearchPage

    /// The page's URL without the API key (added by ``CredentialClient``).
    package struct Page: Sendable { var url: String }

    package func url(for page: Page) -> String { page.url }

    package var ladder: AnswerLadder<Page, PageAnswer<FlickrSearchPage>> {
        pageLadder(
            readBody: { response, _ in
                guard let json = JSONValue.decode(response.body) else { return nil }
                if json["stat"]?.string == "ok", let body = FlickrSearchPage(json) { return .done(.body(body)) }
                return json["stat"]?.string == "fail" ? Self.failure(json) : nil
            },
            // A cut or garbled page is the network's doing: ask again.
            brokenBody: { _, _ in .retry(FetchFailure(.badBody, reason: "the body is not a page of photos", status: 200)) },
            otherStatus: { response, _ in
                if let json = JSONValue.decode(response.body), json["stat"]?.string == "fail" { return Self.failure(json) }
                return .done(.failed("HTTP \(response.status)"))
            })
    }

    private static func failure(_ json: JSONValue) -> Verdict<PageAnswer<FlickrSearchPage>> {
        let code = FlickrSearchPage.count(json["code"]) ?? -1
        let message = String((json["message"]?.string ?? "no message").prefix(200))
        switch code {
        case 100: return .fatal(FlickrError.invalidKey(message: message))
        // 10: search unavailable, 105: service unavailable: both pass.
        case 10, 105:
            return .retry(FetchFailure(.status, reason: "Flickr error \(code): \(TerminalText.escaped(message))", status: 200))
        default: return .fatal(FlickrError.apiError(code: code, message: message))
        }
    }
}
