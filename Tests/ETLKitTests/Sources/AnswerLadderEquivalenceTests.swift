// A migration aid for issue 17's "answer ladder, once": each of the five
// kinds written on FetchEngine's AnswerLadder, checked against the kind as
// it is today over 38 answers and 7 transport errors (category, reason,
// status, Retry-After, final-if-noise, output; the content type too for
// pictures, whose rows record it). Once the kinds read through their
// ladders, the "today" side is gone and this file goes with it.
import Foundation
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

/// A verdict in words, dates left out.
private func words<O>(_ verdict: FetchEngine.Verdict<O>, _ output: (O) -> String, contentType: Bool) -> String {
    func failure(_ x: FetchFailure) -> String {
        "\(x.category)|\(x.reason)|\(x.status.map(String.init) ?? "-")" + (contentType ? "|\(x.contentType ?? "-")" : "")
    }
    switch verdict {
    case .done(let o): return "done \(output(o))"
    case .retry(let x, let r): return "retry \(failure(x)) \(r.map { "\($0)" } ?? "-")"
    case .refused(let x, let fin): return "refused \(failure(x)) \(fin)"
    case .fatal(let e): return "fatal \(String(describing: e))"
    }
}

private func result(_ r: MetResult) -> String { "\(r.objectID) \(r.outcome) \(r.httpStatus.map(String.init) ?? "-") \(r.attempts)" }
private func page<B>(_ a: PageAnswer<B>) -> String { "\(a)" }
private func imageWords(_ r: ImageResult) -> String { "\(r.objectID) \(r.url) \(r.outcome) \(r.httpStatus.map(String.init) ?? "-") \(r.contentType ?? "-") \(r.attempts) \(r.previousFile ?? "-")" }

private func r(_ s: Int, _ t: String?, _ b: String, ra: Double? = nil) -> HTTPResponse {
    HTTPResponse(status: s, contentType: t, retryAfter: ra, body: Array(b.utf8))
}

private let met = #"{"objectID":1,"isHighlight":false,"title":"A","primaryImage":"","additionalImages":[],"constituents":null,"tags":null}"#
private let listing = #"{"total":2,"objectIDs":[1,2]}"#
private let flickrOK = #"{"photos":{"page":1,"pages":1,"perpage":100,"total":"1","photo":[]},"stat":"ok"}"#
private let tmdb = #"{"page":1,"results":[],"total_pages":1,"total_results":0}"#
private let jpegCut: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 1]
private let responses: [HTTPResponse] = [
    r(200, "application/json", met), r(200, "application/json", listing), r(200, "application/json", flickrOK), r(200, "application/json", tmdb),
    r(200, "application/json", #"{"stat":"fail","code":100,"message":"Invalid API Key"}"#),
    r(200, "application/json", #"{"stat":"fail","code":105,"message":"down"}"#),
    r(200, "application/json", #"{"stat":"fail","code":3,"message":"no terms"}"#),
    r(200, "text/html", "<html>blocked</html>"), r(200, nil, "<html></html>"), r(200, "text/plain", "  <!doctype html>"), r(200, nil, "<svg/>"),
    r(200, "application/json", ""), r(200, "application/json", "   "), r(200, "application/json", #"{"a":"#), r(200, "application/json", "[1]"),
    r(200, "application/json", #""str""#), r(200, "application/json", #"{"total":2,"objectIDs":[1]}"#),
    HTTPResponse(status: 200, contentType: "image/jpeg", body: jpegCut), HTTPResponse(status: 200, contentType: "text/plain", body: jpegCut),
    r(403, "text/html", "<html>no</html>"), r(429, "text/html", "<html>no</html>"), r(403, "application/json", #"{"message":"no"}"#),
    r(429, "application/json", #"{"status_code":25,"status_message":"Your request count is over the limit."}"#),
    r(429, "application/json", #"{"status_code":25,"status_message":"limit"}"#, ra: 7),
    r(408, nil, ""), r(500, "text/html", "<html>"), r(502, nil, "", ra: 12.5), r(503, nil, "x"), r(599, nil, ""),
    r(400, "application/json", #"{"message":"Not a valid object"}"#), r(401, "application/json", #"{"status_code":7,"status_message":"Invalid API key"}"#),
    r(404, "application/json", #"{"message":"ObjectID not found"}"#), r(404, nil, ""), r(404, "application/json", #"{"stat":"fail","code":1,"message":"x"}"#),
    r(410, nil, "gone"), r(301, nil, ""), r(204, nil, ""), r(418, "application/json", #""a string""#),
]
private let errors: [HTTPError] = [
    .invalidURL("ftp://x"), .cannotConnect(url: "http://x", reason: "refused"), .timedOut(url: "http://x", seconds: 30),
    .connectionReset(url: "http://x", reason: "EOF"), .truncatedBody(url: "http://x", reason: "short"), .bodyTooLarge(url: "http://x", limit: 9),
    .transport(url: "http://x", reason: "odd"),
]

private func compare<K: FetchKind>(
    _ old: K, _ ladder: AnswerLadder<K.Item, K.Output>, _ item: K.Item, _ output: (K.Output) -> String, contentType: Bool
) async -> [String] {
    var differences: [String] = []
    for response in responses {
        let a = words(await old.verdict(for: response, item: item), output, contentType: contentType)
        let b = words(await ladder.verdict(for: response, item: item), output, contentType: contentType)
        if a != b { differences.append("\(response.status) \(String(decoding: response.body.prefix(30), as: UTF8.self)):\n  old \(a)\n  new \(b)") }
    }
    for error in errors {
        let a = words(old.verdict(for: error, item: item), output, contentType: contentType)
        let b = words(ladder.verdict(for: error, item: item), output, contentType: contentType)
        if a != b { differences.append("\(error):\n  old \(a)\n  new \(b)") }
    }
    return differences
}

@Suite("AnswerLadder reads as the five kinds do")
struct AnswerLadderEquivalenceTests {
    @Test func object() async {
        let kind = ObjectRequest(api: "http://x")
        @Sendable func done(_ id: Int, _ o: MetResult.Outcome, _ status: Int) -> FetchEngine.Verdict<MetResult> {
            .done(MetResult(objectID: id, outcome: o, httpStatus: status, fetchedAt: Date(), attempts: 0))
        }
        let ladder = AnswerLadder<Int, MetResult>(
            readBody: { response, id in MetObject.decode(body: response.body).map { done(id, .fetched(body: response.body, object: $0), 200) } },
            failed: { id, failure in kind.output(for: id, failure: failure, attempts: 0) },
            brokenBody: { response, id in
                done(id, .failed(reason: "HTTP 200: \(JSONBodyCheck.problem(in: response.body) ?? "body is JSON but not an object record")"), 200)
            },
            otherStatus: { response, id in
                let message = ObjectRequest.message(in: response.body)
                switch response.status {
                case 404: return done(id, .gone(message: message ?? "HTTP 404"), 404)
                case 400: return done(id, .badID(message: message ?? "HTTP 400"), 400)
                default: return done(id, .failed(reason: "unexpected HTTP \(response.status)"), response.status)
                }
            },
            expecting: "JSON")
        let differences = await compare(kind, ladder, 1, result, contentType: false)
        #expect(differences == [], "\(differences.joined(separator: "\n"))")
    }

    @Test func listing() async {
        let kind = ListingRequest()
        let ladder = AnswerLadder<ListingRequest.Listing, PageAnswer<ObjectListingBody>>(
            readBody: { response, listing in
                do {
                    return try ObjectListingBody.decode(response.body, url: listing.url, isChangedListing: listing.isChangedListing).map { .done(.body($0)) }
                } catch {
                    return .fatal(error)
                }
            },
            failed: { _, failure in .failed(failure.reason) },
            brokenBody: { _, _ in .done(.failed("the body is not {\"total\": N, \"objectIDs\": [...]}")) },
            otherStatus: { response, _ in
                let message = ObjectRequest.message(in: response.body)
                    ?? (try? JSONDecoder().decode(String.self, from: Data(response.body))) ?? "no message"
                let shown = TerminalText.escaped(message.prefix(200)) + (message.count > 200 ? "…" : "")
                return .done(.failed("HTTP \(response.status): \(shown)"))
            },
            unreachable: { ListingUnreachable(reason: $0) })
        for changed in [false, true] {
            let differences = await compare(kind, ladder, .init(url: "http://x/objects", isChangedListing: changed), page, contentType: false)
            #expect(differences == [], "\(differences.joined(separator: "\n"))")
        }
    }

    @Test func flickr() async {
        let kind = FlickrSearchRequest()
        @Sendable func failure(_ json: JSONValue) -> FetchEngine.Verdict<PageAnswer<FlickrSearchPage>> {
            let code = FlickrSearchPage.count(json["code"]) ?? -1
            let message = String((json["message"]?.string ?? "no message").prefix(200))
            switch code {
            case 100: return .fatal(FlickrError.invalidKey(message: message))
            case 10, 105: return .retry(FetchFailure(.status, reason: "Flickr error \(code): \(TerminalText.escaped(message))", status: 200))
            default: return .fatal(FlickrError.apiError(code: code, message: message))
            }
        }
        let ladder = AnswerLadder<FlickrSearchRequest.Page, PageAnswer<FlickrSearchPage>>(
            readBody: { response, _ in
                guard let json = JSONValue.decode(response.body) else { return nil }
                if json["stat"]?.string == "ok", let body = FlickrSearchPage(json) { return .done(.body(body)) }
                return json["stat"]?.string == "fail" ? failure(json) : nil
            },
            failed: { _, failure in .failed(failure.reason) },
            brokenBody: { _, _ in .retry(FetchFailure(.badBody, reason: "the body is not a page of photos", status: 200)) },
            otherStatus: { response, _ in
                if let json = JSONValue.decode(response.body), json["stat"]?.string == "fail" { return failure(json) }
                return .done(.failed("HTTP \(response.status)"))
            },
            unreachable: { ListingUnreachable(reason: $0) })
        let differences = await compare(kind, ladder, .init(url: "http://x/rest"), page, contentType: false)
        #expect(differences == [], "\(differences.joined(separator: "\n"))")
    }

    @Test func tmdb() async {
        let kind = TMDBPageRequest()
        @Sendable func said(_ response: HTTPResponse) -> (code: Int, message: String) {
            let json = JSONValue.decode(response.body)
            return (json?["status_code"]?.integer.map(Int.init) ?? -1, String((json?["status_message"]?.string ?? "no message").prefix(200)))
        }
        let ladder = AnswerLadder<TMDBPageRequest.Page, PageAnswer<TMDBPage>>(
            readBody: { response, _ in JSONValue.decode(response.body).flatMap(TMDBPage.init).map { .done(.body($0)) } },
            failed: { _, failure in .failed(failure.reason) },
            brokenBody: { _, _ in .retry(FetchFailure(.badBody, reason: "the body is not a page of movies", status: 200)) },
            otherStatus: { response, _ in
                let (code, message) = said(response)
                if response.status == 401 { return .fatal(TMDBError.invalidCredential(message: message)) }
                return .fatal(TMDBError.apiError(status: response.status, code: code, message: message))
            },
            tooManyRequests: .rateLimitIfJSON(defaultRetryAfter: 1, reason: { "HTTP 429: \(TerminalText.escaped(said($0).message))" }),
            unreachable: { ListingUnreachable(reason: $0) })
        let differences = await compare(kind, ladder, .init(number: 1, url: "http://x/movie"), page, contentType: false)
        #expect(differences == [], "\(differences.joined(separator: "\n"))")
    }

    @Test func image() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ladder-\(UUID())").path
        let directory = ImageDirectory(path: folder)
        let kind = ImageRequest(directory: directory, maker: PictureMaker(directory: directory, settings: .init()))
        @Sendable func failed(_ job: ImageRequest.Job, _ f: ImageFailure, _ reason: String, _ response: HTTPResponse) -> FetchEngine.Verdict<ImageResult> {
            .done(kind.output(for: job, failure: FetchFailure(ImageRequest.category(f), reason: reason, status: 200, contentType: response.contentType), attempts: 0))
        }
        let ladder = AnswerLadder<ImageRequest.Job, ImageResult>(
            readBody: { response, job in
                let body = response.body
                let shown = "\(response.contentType ?? "no content type"), \(body.count) bytes"
                guard !body.isEmpty else { return failed(job, .notAnImage, "HTTP 200 with an empty body", response) }
                guard let kind = ImageKind(sniffing: body) else { return nil }
                guard ImageClassifier.isImageType(response.contentType) else {
                    return failed(job, .notAnImage, "HTTP 200 with \(kind.rawValue) bytes sent as \(response.contentType ?? "")", response)
                }
                guard kind.isComplete(body) else {
                    return .retry(AnswerLadder<ImageRequest.Job, ImageResult>.failure(.truncated, "HTTP 200 with an incomplete \(kind.rawValue) (\(body.count) bytes)", response))
                }
                return .fatal(ImageError.cannotWrite(path: shown, reason: "here ImageRequest makes and writes the picture, as today"))
            },
            failed: { job, failure in kind.output(for: job, failure: failure, attempts: 0) },
            brokenBody: { response, job in
                failed(job, .notAnImage, "HTTP 200 with a body that is not JPEG, PNG, WebP or GIF (\(AnswerLadder<ImageRequest.Job, ImageResult>.describeBody(response)))", response)
            },
            isPage: { ImageKind.looksLikeHTML($0.body) || $0.contentType?.lowercased().contains("html") == true },
            expecting: "an image",
            isPageFinalIfNoise: true)
        let differences = await compare(kind, ladder, .init(objectID: 1, url: "http://x/1.jpg", previousFile: nil), imageWords, contentType: true)
        #expect(differences == [], "\(differences.joined(separator: "\n"))")
    }
}
