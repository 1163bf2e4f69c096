import FetchEngine
import Foundation
import Testing
@testable import AICSource
@testable import ETLCore
@testable import SourceKit

extension SourceName {
    static let aic = AICSource.name
}

/// How AIC's answers read, one shape at a time, and the rule on
/// hand-written records.
@Suite("AIC answers and rule")
struct AICAnswerTests {
    static func response(_ status: Int, _ body: String, type: String = "application/json", retryAfter: Double? = nil) -> HTTPResponse {
        HTTPResponse(status: status, contentType: type, retryAfter: retryAfter, body: Array(body.utf8))
    }

    static func verdict(_ response: HTTPResponse) async -> FetchEngine.Verdict<PageAnswer<AICAnswer>> {
        await AICLister.request.verdict(for: response, item: .init(url: "http://x/artworks/search?page=1"))
    }

    /// A complete artwork, as the search answers it, with `changes` applied (nil removes a field).
    static func artwork(_ changes: [String: JSONValue?] = [:]) -> JSONValue {
        var fields: [String: JSONValue] = [
            "id": .integer(27992), "title": .string("A Sunday on La Grande Jatte — 1884"),
            "artist_display": .string("Georges Seurat\nFrench, 1859–1891"), "artist_title": .string("Georges Seurat"),
            "date_display": .string("1884–86"), "date_start": .integer(1884), "date_end": .integer(1886),
            "classification_title": .string("painting"), "is_public_domain": .bool(true),
            "image_id": .string("1adf2696-8489-499b-cad2-821d7fde4b33"),
            "thumbnail": .object(["width": .integer(3000), "height": .integer(2013), "alt_text": .null, "lqip": .string("data:image/gif;base64,R0lG")]),
            "color": .null, "updated_at": .string("2026-11-30T23:42:17-06:00"),
        ]
        for (key, value) in changes { fields[key] = value ?? nil }
        return .object(fields)
    }

    static func item(_ changes: [String: JSONValue?] = [:]) -> ListedItem? {
        AICArtwork.item(from: artwork(changes), iiif: "https://www.artic.edu/iiif/2", width: 843)
    }

    @Test("a complete artwork: its picture at 843 px through config.iiif_url, its page, its duplicate key")
    func complete() throws {
        let item = try #require(Self.item())
        #expect(item.isComplete && item.id == 27992)
        #expect(item.imageURL == "https://www.artic.edu/iiif/2/1adf2696-8489-499b-cad2-821d7fde4b33/full/843,/0/default.jpg")
        #expect(item.pageURL == "https://www.artic.edu/artworks/27992")
        #expect(item.year == 1884 && item.date == "1884–86" && item.creator == "Georges Seurat\nFrench, 1859–1891")
        #expect(item.duplicateKey == "georges seurat french, 1859–1891\u{1F}a sunday on la grande jatte — 1884")
        #expect(Set(item.details.keys) == Set(AICArtwork.table.columns.map(\.name)))
        // The same artist and title in other spacing and case are one work.
        let copy = try #require(Self.item(["id": .integer(5), "title": .string("  a sunday ON la grande   jatte — 1884 ")]))
        #expect(copy.duplicateKey == item.duplicateKey)
        #expect(AICArtwork.imageURL(iiif: "http://127.0.0.1:8/iiif/2/", imageID: "a b", width: 1686) == "http://127.0.0.1:8/iiif/2/a%20b/full/1686,/0/default.jpg")
    }

    @Test("the rule: \"true\" is not true, an image_id of spaces is missing, null and absent fields are missing")
    func rule() throws {
        let cases: [([String: JSONValue?], [RejectionReason])] = [
            (["is_public_domain": .string("true")], [.notPublicDomain]),
            (["is_public_domain": .bool(false)], [.notPublicDomain]),
            (["is_public_domain": nil], [.notPublicDomain]),
            (["image_id": .string("   ")], [.missingPrimaryImage]),
            (["image_id": .null], [.missingPrimaryImage]),
            (["image_id": .string("\u{200B}")], [.missingPrimaryImage]),
            (["title": .null], [.missingTitle]),
            (["artist_display": .string("\n")], [.missingArtistDisplayName]),
            (["date_display": nil], [.missingObjectDate]),
            (["classification_title": .integer(3)], [.missingClassification]),
            (["id": .string("27992")], [.invalidID]),
            (["is_public_domain": .null, "image_id": .null, "title": .string(" ")], [.notPublicDomain, .missingPrimaryImage, .missingTitle]),
        ]
        for (changes, reasons) in cases {
            let item = try #require(Self.item(changes), "\(changes)")
            #expect(item.reasons == reasons, "\(changes)")
            #expect(item.duplicateKey == nil)
        }
        #expect(Self.item(["image_id": .null])?.imageURL == nil)
        // No ID to key it by: counted, not stored.
        for id: JSONValue? in [nil, .null, .integer(0), .integer(-4), .string("x1"), .number(3.5), .string("٣")] {
            #expect(Self.item(["id": id]) == nil, "\(String(describing: id))")
        }
    }

    @Test("answers: a page, the depth refusal, other JSON errors, 429 with and without Retry-After, HTML pages")
    func answers() async {
        let page = #"{"preference":null,"pagination":{"total":120000,"limit":100,"offset":0,"total_pages":1200,"current_page":1},"data":[{"id":1}],"config":{"iiif_url":"https://www.artic.edu/iiif/2"}}"#
        guard case .done(.body(.page(let body))) = await Self.verdict(Self.response(200, page)) else {
            Issue.record("a page is not read")
            return
        }
        #expect(body.total == 120_000 && body.records.count == 1 && AICLister.iiif(of: body) == "https://www.artic.edu/iiif/2")
        let elsewhere = #"{"pagination":{"total":0},"data":[],"config":{"iiif_url":"http://127.0.0.1:8/iiif/2"}}"#
        if case .done(.body(.page(let body))) = await Self.verdict(Self.response(200, elsewhere)) {
            #expect(AICLister.iiif(of: body) == "http://127.0.0.1:8/iiif/2")
        } else {
            Issue.record("a page naming its IIIF server is not read")
        }

        let depth = #"{"status":403,"error":"Invalid number of results","detail":"You have requested too many results. Please refine your parameters."}"#
        guard case .done(.body(.pastDepth)) = await Self.verdict(Self.response(403, depth)) else {
            Issue.record("the depth refusal is not read as such")
            return
        }
        let limit = #"{"status":403,"error":"Invalid limit","detail":"Please set a smaller limit.\u001b[2J"}"#
        guard case .fatal(let error as SourceAPIError) = await Self.verdict(Self.response(403, limit)) else {
            Issue.record("another JSON 403 is not fatal")
            return
        }
        #expect(error.description == "the Art Institute of Chicago's API answered HTTP 403: Invalid limit (Please set a smaller limit.\\u{1B}[2J)")

        let throttled = #"{"message":"Too Many Attempts."}"#
        guard case .retry(let failure, retryAfter: 7) = await Self.verdict(Self.response(429, throttled, retryAfter: 7)) else {
            Issue.record("a 429 with Retry-After is not retried after it")
            return
        }
        #expect(failure.reason == "HTTP 429: Too Many Attempts.")
        guard case .retry(_, retryAfter: 1) = await Self.verdict(Self.response(429, throttled)) else {
            Issue.record("a 429 without Retry-After is not retried after a second")
            return
        }
        // A front end's page is a refusal, judged by the engine (noise or a block).
        for status in [200, 403, 429] {
            guard case .refused(_, isFinalIfNoise: false) = await Self.verdict(Self.response(status, "<html>Attention Required</html>", type: "text/html")) else {
                Issue.record("an HTML \(status) is not a refusal")
                continue
            }
        }
        guard case .retry = await Self.verdict(Self.response(503, "<!DOCTYPE html><h1>503</h1>", type: "text/html", retryAfter: 2)) else {
            Issue.record("an HTML 503 is not retried")
            return
        }
        guard case .retry = await Self.verdict(Self.response(200, #"{"pagination":"#)) else { Issue.record("a cut page is not retried"); return }
        guard case .done(.failed("HTTP 404")) = await Self.verdict(Self.response(404, "Not Found", type: "text/plain")) else {
            Issue.record("a plain 404 does not fail the page")
            return
        }
    }

    @Test("the search URL: IDs from a bound up, by ID, 100 a page, the fields asked and not description")
    func searchURL() throws {
        let url = AICLister.url(api: "https://api.artic.edu/api/v1", from: 10_001, page: 3)
        #expect(url.hasPrefix("https://api.artic.edu/api/v1/artworks/search?query%5Brange%5D%5Bid%5D%5Bgte%5D=10001&sort=id&limit=100&page=3&fields=id,title,"))
        #expect(!url.contains("description"))
        var query = AICQuery()
        #expect(query.userAgentHeader == "AIC-User-Agent: etl/\(ETLVersion.current)")
        query.contact = try AICQuery.contact("data@example.org")
        #expect(query.userAgentHeader == "AIC-User-Agent: etl/\(ETLVersion.current) (data@example.org)")
        for bad in ["", "a b@c.org", "a@b.org\r\nX: 1", "(x)", "ü@example.org"] {
            #expect(throws: InvalidValue.self, "\(bad)") { try AICQuery.contact(bad) }
        }
        #expect(try AICQuery.width("1686") == "1686")
        #expect(throws: InvalidValue.self) { try AICQuery.width("0") }
        #expect(throws: InvalidValue.self) { try AICQuery.width("８४३") }
    }
}
