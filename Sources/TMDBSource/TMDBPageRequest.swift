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

    package var ladder: AnswerLadder<Page, PageAnswer<TMDBPage>> {
        pageLadder(
            readBody: { response, _ in JSONValue.decode(response.body).flatMap(TMDBPage.init).map { .done(.body($0)) } },
            brokenBody: { _, _ in .retry(FetchFailure(.badBody, reason: "the body is not a page of movies", status: 200)) },
            otherStatus: { response, _ in
                let (code, message) = Self.said(response)
                if response.status == 401 { return .fatal(TMDBError.invalidCredential(message: message)) }
                return .fatal(TMDBError.apiError(status: response.status, code: code, message: message))
            },
            // TMDB's own rate limit (code 25) says when to come back: a
            // request limit, not a front end blocking us.
            tooManyRequests: .rateLimitIfJSON(defaultRetryAfter: 1, reason: { "HTTP 429: \(TerminalText.escaped(Self.said($0).message))" }))
    }

    /// The error body's `status_code` and `status_message`, cut short.
    private static func said(_ response: HTTPResponse) -> (code: Int, message: String) {
        let json = JSONValue.decode(response.body)
        return (json?["status_code"]?.integer.map(Int.init) ?? -1, String((json?["status_message"]?.string ?? "no message").prefix(200)))
    }
}
