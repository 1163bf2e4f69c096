import Testing
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import ETLReport
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource
import FetchEngine

/// An Equatable reading of an engine verdict, so expectations stay one line.
enum Verdict: Equatable {
    case outcome(MetResult.Outcome, status: Int?)
    case block(reason: String)
    case retry(reason: String, status: Int?, retryAfter: Double?)
    case fatal
    case abandoned

    init(_ verdict: FetchEngine.Verdict<MetResult>) {
        switch verdict {
        case .done(let result): self = .outcome(result.outcome, status: result.httpStatus)
        case .refused(let failure, _): self = .block(reason: failure.reason)
        case .retry(let failure, let retryAfter): self = .retry(reason: failure.reason, status: failure.status, retryAfter: retryAfter)
        case .fatal: self = .fatal
        case .abandoned: self = .abandoned
        }
    }
}

/// The Met object request's reading of answers (what was ResponseClassifier).
enum ResponseClassifier {
    static func verdict(for response: HTTPResponse) async -> Verdict {
        Verdict(await ObjectRequest.verdict(for: response, objectID: 1))
    }
    static func verdict(for error: HTTPError) -> Verdict {
        Verdict(ObjectRequest(api: "http://x").verdict(for: error, item: 1))
    }
    static func message(in body: [UInt8]) -> String? { ObjectRequest.message(in: body) }
}

@Suite("ObjectRequest")
struct ObjectRequestTests {

    static let incapsula = """
        <html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW"></head><body>\
        Request unsuccessful. Incapsula incident ID: 1234-5678</body></html>
        """

    static func response(_ status: Int, _ body: String, type: String? = "application/json", retryAfter: Double? = nil) -> HTTPResponse {
        HTTPResponse(status: status, contentType: type, retryAfter: retryAfter, body: Array(body.utf8))
    }

    static func isBlock(_ verdict: Verdict) -> Bool {
        if case .block = verdict { return true }
        return false
    }

    @Test func jsonObjectIsFetchedWithTheExactBody() async {
        let body = FilterFixture.body()
        let verdict = await ResponseClassifier.verdict(for: HTTPResponse(status: 200, contentType: "application/json", body: body))
        #expect(verdict == .outcome(.fetched(body: body, object: MetObject.decode(body: body)!), status: 200))
    }

    @Test func incompleteJSONObjectIsStillFetched() async {
        let body = Array(#"{"objectID": 5, "title": null}"#.utf8)
        #expect(await ResponseClassifier.verdict(for: HTTPResponse(status: 200, body: body))
                == .outcome(.fetched(body: body, object: MetObject(objectID: 5)), status: 200))
    }

    @Test(arguments: [(incapsula, "text/html"), ("<html></html>", nil), ("  <!doctype html>", "text/plain")] as [(String, String?)])
    func anHTMLPageWithStatus200IsARefusal(body: String, type: String?) async {
        let verdict = await ResponseClassifier.verdict(for: Self.response(200, body, type: type))
        #expect(Self.isBlock(verdict))
        if case .block(let reason) = verdict {
            #expect(reason.hasPrefix("HTTP 200 with an HTML page instead of JSON"))
            #expect(reason.contains("\(body.utf8.count) bytes"))
        }
    }

    @Test(arguments: [
        ([], "HTTP 200: empty body"),
        (Array("Request unsuccessful".utf8), "HTTP 200: body is not JSON (unexpected character at offset 0)"),
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D], "HTTP 200: body is not UTF-8 (bad byte at offset 6)"),
        (Array("{\"title\":\"a\u{0}b\"}".utf8), "HTTP 200: body is not JSON (raw control character U+0 in a string at offset 11)"),
        (Array(#"{"title":"\ud800"}"#.utf8), "HTTP 200: body is not JSON (unpaired surrogate escape at offset 16)"),
        (Array(String(repeating: "[", count: 100_000).utf8), "HTTP 200: body is nested more than 512 levels deep"),
        (Array("[]".utf8), "HTTP 200: body is JSON but not an object record"),
        (Array("null".utf8), "HTTP 200: body is JSON but not an object record"),
    ] as [([UInt8], String)])
    func aBrokenRecordIsThatObjectsFailure(body: [UInt8], reason: String) async {
        #expect(await ResponseClassifier.verdict(for: HTTPResponse(status: 200, contentType: "application/json", body: body))
                == .outcome(.failed(reason: reason), status: 200))
    }

    @Test(arguments: [403, 429])
    func refusalsAreSuspectedBlocks(status: Int) async {
        for body in [Self.incapsula, "{\"message\":\"Too many requests\"}", ""] {
            let verdict = await ResponseClassifier.verdict(for: Self.response(status, body, type: "text/html", retryAfter: 30))
            #expect(Self.isBlock(verdict))
            if case .block(let reason) = verdict { #expect(reason.hasPrefix("HTTP \(status) (text/html")) }
        }
    }

    @Test(arguments: ["ObjectID not found", "Not a valid object"])
    func notFoundIsGoneWithTheMessage(message: String) async {
        #expect(await ResponseClassifier.verdict(for: Self.response(404, "{\"message\":\"\(message)\"}"))
                == .outcome(.gone(message: message), status: 404))
    }

    @Test func notFoundWithoutAMessageIsGone() async {
        #expect(await ResponseClassifier.verdict(for: Self.response(404, "<h1>Not Found</h1>", type: "text/html"))
                == .outcome(.gone(message: "HTTP 404"), status: 404))
    }

    @Test func badRequestIsABadID() async {
        #expect(await ResponseClassifier.verdict(for: Self.response(400, "{\"message\":\"could not parse objectID\"}"))
                == .outcome(.badID(message: "could not parse objectID"), status: 400))
        #expect(await ResponseClassifier.verdict(for: Self.response(400, ""))
                == .outcome(.badID(message: "HTTP 400"), status: 400))
    }

    @Test(arguments: [500, 502, 503, 504, 408], [nil, 0, 12.5] as [Double?])
    func transientStatusesAreRetriedWithRetryAfter(status: Int, retryAfter: Double?) async {
        #expect(await ResponseClassifier.verdict(for: Self.response(status, "<html>busy</html>", type: "text/html", retryAfter: retryAfter))
                == .retry(reason: "HTTP \(status)", status: status, retryAfter: retryAfter))
    }

    @Test(arguments: [201, 204, 301, 302, 401, 405, 410])
    func unexpectedStatusesFail(status: Int) async {
        #expect(await ResponseClassifier.verdict(for: Self.response(status, "{}"))
                == .outcome(.failed(reason: "unexpected HTTP \(status)"), status: status))
    }

    static let url = "https://collectionapi.metmuseum.org/public/collection/v1/objects/1"

    @Test(arguments: [
        HTTPError.cannotConnect(url: url, reason: "Connection refused"), .timedOut(url: url, seconds: 30),
        .connectionReset(url: url, reason: "Connection reset by peer"), .truncatedBody(url: url, reason: "12 of 40 bytes"),
        .transport(url: url, reason: "SSL error"),
    ])
    func transportFailuresAreRetried(error: HTTPError) {
        #expect(ResponseClassifier.verdict(for: error) == Verdict.retry(reason: error.description, status: nil, retryAfter: nil))
    }

    @Test(arguments: [HTTPError.invalidURL("ftp://x/objects/1"), .bodyTooLarge(url: url, limit: 1_048_576)])
    func hopelessRequestsFailAtOnce(error: HTTPError) {
        #expect(ResponseClassifier.verdict(for: error) == Verdict.outcome(.failed(reason: error.description), status: nil))
    }

    @Test func errorMessageIsOnlyAStringMessageKey() {
        #expect(ResponseClassifier.message(in: Array("{\"message\":\"x\"}".utf8)) == "x")
        #expect(ResponseClassifier.message(in: Array("{\"message\":3}".utf8)) == nil)
        #expect(ResponseClassifier.message(in: Array("\"Date not valid\"".utf8)) == nil)
        #expect(ResponseClassifier.message(in: []) == nil)
    }
}
