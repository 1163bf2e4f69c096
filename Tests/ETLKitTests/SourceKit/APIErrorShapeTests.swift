import FetchEngine
import Testing
@testable import ETLCore
@testable import SourceKit

/// The kit's reading of an API's own errors, on a made-up API (each
/// source's own shapes are checked with its answers).
@Suite("An API's own errors, as a source states where they stand")
struct APIErrorShapeTests {
    static let shape = APIErrorShape(
        api: "the test API", code: "err", message: "says", detail: "more", marker: ("ok", "no"),
        credential: .init("the token", check: "TEST_TOKEN"), refusedStatuses: [401], refusedCodes: [9], retriedCodes: [5])

    static func verdict(_ status: Int, _ body: String, shape: APIErrorShape = Self.shape) -> FetchEngine.Verdict<PageAnswer<Int>>? {
        let response = HTTPResponse(status: status, contentType: "application/json", retryAfter: nil, body: Array(body.utf8))
        return shape.verdict(response, JSONValue.decode(response.body))
    }

    static func fatal(_ verdict: FetchEngine.Verdict<PageAnswer<Int>>?) -> String? {
        guard case .fatal(let error as SourceAPIError)? = verdict else { return nil }
        return error.description
    }

    @Test("refused by status (even without a body) or by code; a retried code asked again; the rest fatal, a 200 not shown")
    func verdicts() {
        #expect(Self.fatal(Self.verdict(401, "")) == "the test API refused the token (no message); check TEST_TOKEN")
        #expect(Self.fatal(Self.verdict(200, #"{"ok":"no","err":"9","says":"bad token"}"#))
            == "the test API refused the token (error 9: bad token); check TEST_TOKEN")
        guard case .retry(let failure, _)? = Self.verdict(200, #"{"ok":"no","err":5,"says":"busy\u001b[2J"}"#) else {
            Issue.record("a retried code is not asked again")
            return
        }
        #expect(failure.reason == "the test API error 5: busy\\u{1B}[2J" && failure.status == 200)
        #expect(Self.fatal(Self.verdict(404, #"{"ok":"no","err":34,"says":"gone","more":"try another"}"#))
            == "the test API answered HTTP 404, error 34: gone (try another)")
        #expect(Self.fatal(Self.verdict(200, #"{"ok":"no"}"#)) == "the test API answered no message")
    }

    @Test("a body without the marker, or without the message when there is none, is no error of the API's")
    func notTheAPIs() {
        #expect(Self.verdict(404, #"{"says":"gone"}"#) == nil)
        #expect(Self.verdict(500, "<html>oops</html>") == nil)
        let unmarked = APIErrorShape(api: "the test API", message: "says")
        #expect(Self.fatal(Self.verdict(400, #"{"says":"bad"}"#, shape: unmarked)) == "the test API answered HTTP 400: bad")
        #expect(Self.verdict(400, #"{"other":"bad"}"#, shape: unmarked) == nil)
        #expect(Self.verdict(401, "", shape: unmarked) == nil, "no credential: a 401 is the ladder's")
    }

    @Test("a 429's reason is the API's words at its keys, escaped, or 'no message'")
    func rateLimitReason() {
        let said = Self.shape.said(JSONValue.decode(Array(#"{"says":"slow down","more":"\u0007"}"#.utf8)))
        #expect(said == "slow down: \\u{7}")
        #expect(Self.shape.said(nil) == "no message")
        #expect(Self.shape.said(JSONValue.decode(Array(#"{"message":"Too Many"}"#.utf8)), keys: ["says", "message"]) == "Too Many")
    }
}
