import ETLCore
import FetchEngine

/// `GET /artworks/search`, one page: how its answers read.
package struct AICSearchRequest: ListingPageKind {
    package typealias Body = AICAnswer

    package struct Page: Sendable {
        package var url: String
    }

    package func url(for page: Page) -> String { page.url }

    package var ladder: AnswerLadder<Page, PageAnswer<AICAnswer>> {
        pageLadder(
            readBody: { response, _ in JSONValue.decode(response.body).flatMap(AICPage.init).map { .done(.body(.page($0))) } },
            // A cut or garbled page is the network's doing: ask again.
            brokenBody: { _, _ in .retry(FetchFailure(.badBody, reason: "the body is not a page of artworks", status: 200)) },
            otherStatus: { response, _ in
                guard let json = JSONValue.decode(response.body), json["error"] != nil else { return .done(.failed("HTTP \(response.status)")) }
                return .fatal(Self.error(response.status, json))
            },
            // The API's own throttle (60 a minute) says when to come back:
            // a request limit, not a front end blocking us.
            tooManyRequests: .rateLimitIfJSON(defaultRetryAfter: 1, reason: { "HTTP 429: \(Self.message(JSONValue.decode($0.body)))" }))
    }

    /// The ladder's reading, but for AIC's own refusals: a page past the
    /// depth a search serves, or a limit over 100, is HTTP 403 with a JSON
    /// error, the API's word rather than a front end's block.
    package func verdict(for response: HTTPResponse, item page: Page) async -> Verdict<PageAnswer<AICAnswer>> {
        if response.status == 403 || response.status == 400, let json = JSONValue.decode(response.body), json["error"] != nil {
            // Past the 10,000 results a search serves: the window ends here.
            if Self.text(json["error"]).lowercased().contains("number of results") { return .done(.body(.pastDepth(Self.message(json)))) }
            return .fatal(Self.error(response.status, json))
        }
        return await ladder.verdict(for: response, item: page)
    }

    private static func error(_ status: Int, _ json: JSONValue) -> AICError {
        .apiError(status: status, error: text(json["error"]), detail: text(json["detail"]))
    }

    private static func text(_ value: JSONValue?) -> String { String((value?.string ?? "").prefix(200)) }

    /// The error's words, escaped, for a reason or a message.
    private static func message(_ json: JSONValue?) -> String {
        let words = [text(json?["error"]), text(json?["detail"]), text(json?["message"])].filter { !$0.isEmpty }
        return TerminalText.escaped(words.isEmpty ? "no message" : words.joined(separator: ": "))
    }
}
