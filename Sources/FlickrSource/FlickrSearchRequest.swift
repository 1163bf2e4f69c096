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

    package func verdict(for response: HTTPResponse, item page: Page) async -> Verdict<PageAnswer<FlickrSearchPage>> {
        switch response.status {
        case 200:
            if let json = JSONValue.decode(response.body) {
                if json["stat"]?.string == "ok", let body = FlickrSearchPage(json) { return .done(.body(body)) }
                if json["stat"]?.string == "fail" { return failure(json) }
            }
            if RefusalSignal.isHTML(response) {
                return .refused(FetchFailure(.refused, reason: RefusalSignal.describe(response), status: 200), isFinalIfNoise: false)
            }
            // A cut or garbled page is the network's doing: ask again.
            return .retry(FetchFailure(.badBody, reason: "the body is not a page of photos", status: 200))
        case 403, 429:
            return .refused(FetchFailure(.refused, reason: RefusalSignal.describe(response), status: response.status), isFinalIfNoise: false)
        case 408, 500...599:
            return .retry(FetchFailure(.status, reason: "HTTP \(response.status)", status: response.status), retryAfter: response.retryAfter)
        default:
            if let json = JSONValue.decode(response.body), json["stat"]?.string == "fail" { return failure(json) }
            return .done(.failed("HTTP \(response.status)"))
        }
    }

    private func failure(_ json: JSONValue) -> Verdict<PageAnswer<FlickrSearchPage>> {
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
