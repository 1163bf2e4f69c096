import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// `GET /movie/now_playing?page=P`: how its answers read.
package struct TMDBPageRequest: ListingPageKind {
    package typealias Body = TMDBPage

    package struct Page: Sendable {
        package var number: Int
        package var url: String
    }

    package func url(for page: Page) -> String { page.url }

    package func verdict(for response: HTTPResponse, item page: Page) async -> Verdict<PageAnswer<TMDBPage>> {
        let json = JSONValue.decode(response.body)
        let code = json?["status_code"]?.integer.map(Int.init) ?? -1
        let message = String((json?["status_message"]?.string ?? "no message").prefix(200))
        switch response.status {
        case 200:
            if let json, let body = TMDBPage(json) { return .done(.body(body)) }
            if RefusalSignal.isHTML(response) {
                return .refused(FetchFailure(.refused, reason: RefusalSignal.describe(response), status: 200), isFinalIfNoise: false)
            }
            return .retry(FetchFailure(.badBody, reason: "the body is not a page of movies", status: 200))
        case 401:
            return .fatal(TMDBError.invalidCredential(message: message))
        case 429 where json != nil:
            // TMDB's own rate limit (code 25) says when to come back: a
            // request limit, not a front end blocking us.
            return .retry(FetchFailure(.status, reason: "HTTP 429: \(TerminalText.escaped(message))", status: 429), retryAfter: response.retryAfter ?? 1)
        case 403, 429:
            return .refused(FetchFailure(.refused, reason: RefusalSignal.describe(response), status: response.status), isFinalIfNoise: false)
        case 408, 500...599:
            return .retry(FetchFailure(.status, reason: "HTTP \(response.status)", status: response.status), retryAfter: response.retryAfter)
        default:
            return .fatal(TMDBError.apiError(status: response.status, code: code, message: message))
        }
    }
}
