import Basics
import ETLCore
import FetchEngine

/// Where an API writes its own errors in a JSON body, and what its codes
/// mean: how every source's page request reads an answer that is no page.
/// A source states the keys (`status_code` and `status_message`; `code`
/// and `message` beside `stat: fail`) and its credential; the verdicts and
/// their wording are the same for every source (``SourceAPIError``).
package struct APIErrorShape: Sendable {
    /// Who answered, as messages name it.
    package var api: String
    /// The keys of the API's own code (a JSON integer, or digits) and words; `detail`: more words, where it sends them.
    package var code: String?
    package var message: String
    package var detail: String?
    /// A key and the string it holds in every error body (`stat` and `fail`):
    /// a body without it is no error of the API's; without a marker, a body holding `message` is one.
    package var marker: (key: String, value: String)?
    /// The credential, refused when the API answers one of `refusedStatuses` or `refusedCodes`.
    package var credential: SourceAPIError.Credential?
    package var refusedStatuses: Set<Int>
    package var refusedCodes: Set<Int>
    /// The API's codes for a passing trouble (a search unavailable): asked again.
    package var retriedCodes: Set<Int>

    package init(
        api: String, code: String? = nil, message: String, detail: String? = nil, marker: (key: String, value: String)? = nil,
        credential: SourceAPIError.Credential? = nil, refusedStatuses: Set<Int> = [], refusedCodes: Set<Int> = [], retriedCodes: Set<Int> = []
    ) {
        (self.api, self.code, self.message, self.detail, self.marker) = (api, code, message, detail, marker)
        (self.credential, self.refusedStatuses, self.refusedCodes, self.retriedCodes) = (credential, refusedStatuses, refusedCodes, retriedCodes)
    }

    /// Whether `json` is one of the API's error bodies.
    package func isError(_ json: JSONValue?) -> Bool {
        guard let json else { return false }
        guard let marker else { return json[message] != nil }
        return json[marker.key]?.string == marker.value
    }

    /// The API's code in `json`, if it sent one.
    package func code(in json: JSONValue?) -> Int? { code.flatMap { JSONRecordsPage.count(json?[$0]) } }

    /// The verdict on an answer that is no page: a refused credential (by
    /// status, even without a body, or by code), a passing trouble asked
    /// again, or an error retrying cannot help; nil when the body is none of
    /// the API's errors (the ladder's own verdict stands). A status is shown
    /// when it tells something (not the 200 some APIs send errors with).
    package func verdict<Body>(_ response: HTTPResponse, _ json: JSONValue?) -> Verdict<PageAnswer<Body>>? {
        let isError = isError(json)
        guard isError || (credential != nil && refusedStatuses.contains(response.status)) else { return nil }
        let code = code(in: json)
        let words = Self.words(json?[message], or: "no message")
        if let code, retriedCodes.contains(code) {
            return .retry(FetchFailure(.status, reason: "\(api) error \(code): \(TerminalText.escaped(words))", status: response.status))
        }
        let isRefused = refusedStatuses.contains(response.status) || code.map(refusedCodes.contains) == true
        return .fatal(SourceAPIError(
            api: api, refused: isRefused ? credential : nil, status: isRefused || response.status == 200 ? nil : response.status,
            code: code, message: words, detail: detail.map { Self.words(json?[$0]) } ?? ""))
    }

    /// A 429 with JSON is the API's own request limit: it says when to come
    /// back (or in `defaultRetryAfter` seconds), and what it said is the
    /// reason (its words at `keys`, where its throttle writes others than its errors).
    package func rateLimit<Body>(defaultRetryAfter: Double, keys: [String]? = nil) -> AnswerLadder<JSONPageRequest<Body>.Page, PageAnswer<Body>>.TooManyRequests {
        .rateLimitIfJSON(defaultRetryAfter: defaultRetryAfter) { "HTTP 429: \(said(JSONValue.decode($0.body), keys: keys))" }
    }

    /// A text the API sent, cut short for a reason or an error.
    package static func words(_ value: JSONValue?, or fallback: String = "") -> String {
        String((value?.string ?? fallback).prefix(200))
    }

    /// The API's words in `json` at `keys` (by default its message and detail), each cut short, escaped; "no message" when none.
    package func said(_ json: JSONValue?, keys: [String]? = nil) -> String {
        let words = (keys ?? [message] + (detail.map { [$0] } ?? [])).map { Self.words(json?[$0]) }.filter { !$0.isEmpty }
        return TerminalText.escaped(words.isEmpty ? "no message" : words.joined(separator: ": "))
    }
}
