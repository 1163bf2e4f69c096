import Testing
@testable import FetchEngine

/// Every rung of the ladder, with exact verdicts.
@Suite("AnswerLadder")
struct AnswerLadderTests {
    struct Broken: Error, CustomStringConvertible {
        var description: String
    }

    /// The verdict in words, to compare exactly.
    static func words(_ verdict: Verdict<String>) -> String {
        func failure(_ failure: FetchFailure) -> String {
            "\(failure.category) \(failure.status.map(String.init) ?? "-") \(failure.contentType ?? "-"): \(failure.reason)"
        }
        switch verdict {
        case .done(let output): return "done \(output)"
        case .retry(let f, let retryAfter): return "retry \(failure(f)) after \(retryAfter.map { "\($0)" } ?? "backoff")"
        case .refused(let f, let isFinalIfNoise): return "refused \(failure(f))\(isFinalIfNoise ? ", final if noise" : "")"
        case .fatal(let error): return "fatal \(error)"
        case .abandoned: return "abandoned"
        }
    }

    /// Reads `{"id": …}` bodies only.
    static let plain = AnswerLadder<String, String>(
        readBody: { response, item in
            String(decoding: response.body, as: UTF8.self).hasPrefix(#"{"id""#) ? .done("data \(item)") : nil
        },
        failed: { item, failure in "failed \(item) (\(failure.category)): \(failure.reason)" })

    static func answer(_ status: Int, _ type: String?, _ body: String, retryAfter: Double? = nil) -> HTTPResponse {
        HTTPResponse(status: status, contentType: type, retryAfter: retryAfter, body: Array(body.utf8))
    }

    static func verdict(_ ladder: AnswerLadder<String, String>, _ response: HTTPResponse) async -> String {
        words(await ladder.verdict(for: response, item: "7"))
    }

    @Test func aBodyTheKindReadsIsItsVerdict() async {
        #expect(await Self.verdict(Self.plain, Self.answer(200, "application/json", #"{"id":7}"#)) == "done data 7")
    }

    @Test func aPageWithStatus200IsAWeakRefusal() async {
        let page = Self.answer(200, "text/html", "<html>x</html>")
        #expect(await Self.verdict(Self.plain, page) == "refused refused 200 text/html: HTTP 200 (text/html, 14 bytes)")
        let untyped = Self.answer(200, nil, "  <!doctype html>")
        #expect(await Self.verdict(Self.plain, untyped) == "refused refused 200 -: HTTP 200 (no content type, 17 bytes)")
        var json = Self.plain
        json.expecting = "JSON"
        #expect(await Self.verdict(json, page)
            == "refused refused 200 text/html: HTTP 200 with an HTML page instead of JSON (text/html, 14 bytes)")
        var picture = Self.plain
        picture.expecting = "an image"
        picture.isPageFinalIfNoise = true
        #expect(await Self.verdict(picture, page)
            == "refused badBody 200 text/html: HTTP 200 with an HTML page instead of an image (text/html, 14 bytes), final if noise")
    }

    @Test func whatIsAPageIsTheKindsToSay() async {
        var strict = Self.plain
        strict.isPage = { String(decoding: $0.body, as: UTF8.self).hasPrefix("<html") }
        #expect(await Self.verdict(strict, Self.answer(200, nil, "<svg/>")) == "done failed 7 (badBody): HTTP 200: body is not JSON (unexpected character at offset 0)")
        #expect(await Self.verdict(strict, Self.answer(200, nil, "<html>")).hasPrefix("refused"))
    }

    @Test func aBrokenBodyFailsTheItemWithTheJSONProblemUnlessTheKindSaysOtherwise() async {
        #expect(await Self.verdict(Self.plain, Self.answer(200, "application/json", #"{"ix":"#))
            == "done failed 7 (badBody): HTTP 200: body is not JSON (unexpected end at offset 6)")
        #expect(await Self.verdict(Self.plain, Self.answer(200, "application/json", "[1]"))
            == "done failed 7 (badBody): HTTP 200: unexpected body")
        var retried = Self.plain
        retried.brokenBody = { response, _ in .retry(AnswerLadder<String, String>.failure(.badBody, "the body is not a page", response)) }
        #expect(await Self.verdict(retried, Self.answer(200, "application/json", "[1]"))
            == "retry badBody 200 application/json: the body is not a page after backoff")
    }

    @Test(arguments: [403, 429])
    func aRefusalStatusIsAStrongRefusal(status: Int) async {
        #expect(await Self.verdict(Self.plain, Self.answer(status, "text/html", "<p>no</p>"))
            == "refused refused \(status) text/html: HTTP \(status) (text/html, 9 bytes)")
    }

    @Test func aJSON429IsARateLimitOnlyForAnAPIThatSaysSo() async {
        let limit = Self.answer(429, "application/json", #"{"status_code":25}"#)
        #expect(await Self.verdict(Self.plain, limit).hasPrefix("refused refused 429"))
        var api = Self.plain
        api.tooManyRequests = .rateLimitIfJSON(defaultRetryAfter: 1, reason: { "HTTP 429: limit (\($0.body.count) bytes)" })
        #expect(await Self.verdict(api, limit) == "retry status 429 application/json: HTTP 429: limit (18 bytes) after 1.0")
        let later = Self.answer(429, "application/json", #"{"status_code":25}"#, retryAfter: 5)
        #expect(await Self.verdict(api, later) == "retry status 429 application/json: HTTP 429: limit (18 bytes) after 5.0")
        #expect(await Self.verdict(api, Self.answer(429, "text/html", "<html>")).hasPrefix("refused refused 429"),
            "a front end's page is still a refusal")
    }

    @Test(arguments: [408, 500, 502, 503, 599])
    func aTransientStatusIsRetriedAfterItsRetryAfter(status: Int) async {
        #expect(await Self.verdict(Self.plain, Self.answer(status, nil, "")) == "retry status \(status) -: HTTP \(status) after backoff")
        #expect(await Self.verdict(Self.plain, Self.answer(status, nil, "", retryAfter: 30))
            == "retry status \(status) -: HTTP \(status) after 30.0")
    }

    @Test(arguments: [301, 400, 401, 404, 410, 418])
    func anyOtherStatusIsFinal(status: Int) async {
        #expect(await Self.verdict(Self.plain, Self.answer(status, "application/json", "{}"))
            == "done failed 7 (status): HTTP \(status)")
        var api = Self.plain
        api.otherStatus = { response, item in
            response.status == 401 ? .fatal(Broken(description: "invalid key")) : .done("gone \(item)")
        }
        #expect(await Self.verdict(api, Self.answer(status, "application/json", "{}")) == (status == 401 ? "fatal invalid key" : "done gone 7"))
    }

    @Test func aRequestWithNoAnswerIsRetriedWhenItMaySucceedElseTheItemFails() {
        let url = "http://x/7"
        #expect(Self.words(Self.plain.verdict(for: .timedOut(url: url, seconds: 30), item: "7"))
            == "retry timeout - -: request to http://x/7 timed out after 30 s after backoff")
        #expect(Self.words(Self.plain.verdict(for: .cannotConnect(url: url, reason: "refused"), item: "7"))
            == "retry unreachable - -: cannot connect to http://x/7: refused after backoff")
        #expect(Self.words(Self.plain.verdict(for: .bodyTooLarge(url: url, limit: 10), item: "7"))
            == "done failed 7 (tooLarge): response from http://x/7 is larger than 10 bytes; refused")
        var listing = Self.plain
        listing.unreachable = { Broken(description: "unreachable: \($0)") }
        #expect(Self.words(listing.verdict(for: .cannotConnect(url: url, reason: "refused"), item: "7")) == "fatal unreachable: refused")
        #expect(Self.words(listing.verdict(for: .connectionReset(url: url, reason: "EOF"), item: "7")).hasPrefix("retry network"))
    }

    @Test func aKindOnTheLadderFailsItsItemsAsTheLadderSays() {
        let kind = TestKind()
        #expect(kind.output(for: "a", failure: FetchFailure(.status, reason: "HTTP 502"), attempts: 3) == "failed a: HTTP 502")
    }
}
