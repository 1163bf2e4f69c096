import ETLCore
import FetchEngine

/// `GET /artworks/search`, one page: how its answers read.
package struct AICSearchRequest: ListingPageKind {
    package typealias Body = AICAnswer

    package struct Page: Sendable {
        package var url: String
    }

    package func url(for page: Page) -> String { page.url }

    package func verdict(for response: HTTPResponse, item page: Page) async -> Verdict<PageAnswer<AICAnswer>> {
        let json = JSONValue.decode(response.body)
        switch response.status {
        case 200:
            if let json, let body = AICPage(json) { return .done(.body(.page(body))) }
            if RefusalSignal.isHTML(response) {
                return .refused(FetchFailure(.refused, reason: RefusalSignal.describe(response), status: 200), isFinalIfNoise: false)
            }
            // A cut or garbled page is the network's doing: ask again.
            return .retry(FetchFailure(.badBody, reason: "the body is not a page of artworks", status: 200))
        case 429 where json != nil:
            // The API's own throttle (60 a minute): a request limit, not a
            // front end blocking us; Retry-After says when, else back off.
            return .retry(FetchFailure(.status, reason: "HTTP 429: \(Self.message(json))", status: 429), retryAfter: response.retryAfter)
        case 400 where json?["error"] != nil, 403 where json?["error"] != nil:
            let error = Self.text(json?["error"])
            // Past the 10,000 results a search serves: the window ends here.
            if error.lowercased().contains("number of results") { return .done(.body(.pastDepth(Self.message(json)))) }
            return .fatal(AICError.apiError(status: response.status, error: error, detail: Self.text(json?["detail"])))
        case 403, 429:
            return .refused(FetchFailure(.refused, reason: RefusalSignal.describe(response), status: response.status), isFinalIfNoise: false)
        case 408, 500...599:
            return .retry(FetchFailure(.status, reason: "HTTP \(response.status)", status: response.status), retryAfter: response.retryAfter)
        default:
            if let json, json["error"] != nil {
                return .fatal(AICError.apiError(status: response.status, error: Self.text(json["error"]), detail: Self.text(json["detail"])))
            }
            return .done(.failed("HTTP \(response.status)"))
        }
    }

    private static func text(_ value: JSONValue?) -> String { String((value?.string ?? "").prefix(200)) }

    /// The error's words, escaped, for a reason or a message.
    private static func message(_ json: JSONValue?) -> String {
        let words = [text(json?["error"]), text(json?["detail"]), text(json?["message"])].filter { !$0.isEmpty }
        return TerminalText.escaped(words.isEmpty ? "no message" : words.joined(separator: ": "))
    }
}
