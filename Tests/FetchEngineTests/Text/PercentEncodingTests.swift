import Foundation
import Testing
@testable import FetchEngine

/// The one percent-encoder: each named set keeps what the copy it replaced
/// kept (their definitions, in Foundation's terms or as written, are the
/// oracle), and a credential now travels as any query value does.
@Suite("Percent-encoding")
struct PercentEncodingTests {
    static let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    /// The ASCII characters `encode` leaves as they are.
    static func kept(by encode: (String) -> String?) -> String {
        ascii.filter { encode($0) == $0 }.joined()
    }

    @Test func queryValueKeepsWhatQueryValueKept() {
        var old = CharacterSet.alphanumerics
        old.insert(charactersIn: "-._~,")
        #expect(Self.kept { PercentEncoding.encoded($0, keeping: .queryValue) } == Self.kept { $0.addingPercentEncoding(withAllowedCharacters: old) })
    }

    @Test func pathSegmentKeepsWhatPathSegmentKept() {
        var old = CharacterSet.urlPathAllowed
        old.remove(charactersIn: "/?#%;")
        #expect(Self.kept { PercentEncoding.encoded($0, keeping: .pathSegment) } == Self.kept { $0.addingPercentEncoding(withAllowedCharacters: old) })
    }

    @Test func filePathAndURLKeepWhatTheGalleryAndTheImageRequestKept() {
        let unreserved = "-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
        #expect(Self.kept { PercentEncoding.encoded($0, keeping: .filePath) } == String((unreserved + "/").sorted()))
        #expect(Self.kept { PercentEncoding.encoded($0, keeping: .url) }
            == String((unreserved + ":/?#[]@!$&'()*+,;=%").sorted()))
    }

    @Test func nonASCIIIsEncodedAsUTF8InEverySet() {
        for kept in [PercentEncoding.Kept.queryValue, .pathSegment, .filePath, .url] {
            #expect(PercentEncoding.encoded("é–\u{0}x", keeping: kept) == "%C3%A9%E2%80%93%00x")
        }
    }

    /// The old CredentialClient kept `!$'()*;:@/` too; the one query-value
    /// set encodes them. Kept: the stricter set, because a credential is a
    /// query value like any other (a server decodes both spellings alike)
    /// and one spelling on the wire is one fewer for the masking to know.
    @Test func aCredentialIsSentAsAQueryValueAndMaskedInErrors() async throws {
        let key = "k3y:with/slash;semi!and@more"
        let encoded = "k3y%3Awith%2Fslash%3Bsemi%21and%40more"
        let base = StubClient(clock: ManualClock()) { url, _, _ in
            let sent = url.components(separatedBy: "api_key=").last ?? ""
            return .fail(.cannotConnect(url: url, reason: "server answered for key \(sent)"))
        }
        let client = CredentialClient(base: base, parameter: "api_key", value: key)
        let error = await #expect(throws: HTTPError.self) { try await client.get("http://127.0.0.1:9/list?page=1") }
        #expect(base.requests.map(\.url) == ["http://127.0.0.1:9/list?page=1&api_key=\(encoded)"])
        #expect(error == .cannotConnect(url: "http://127.0.0.1:9/list?page=1", reason: "server answered for key ***"))
    }
}

/// The one URL builder every lister uses: base and path as they are, each
/// parameter with a value encoded as a query value, in order.
@Suite("Percent-encoding: a URL with a query")
struct PercentEncodingURLTests {
    @Test func parametersWithValuesAreEncodedInOrderAndNilOnesLeftOut() {
        let url = PercentEncoding.url("http://127.0.0.1:9/api", "/search", ["q[id]": "a&b=c d", "tags": nil, "fields": "id,title", "page": "2"])
        #expect(url == "http://127.0.0.1:9/api/search?q%5Bid%5D=a%26b%3Dc%20d&fields=id,title&page=2")
        #expect(PercentEncoding.url("http://x", "/", ["text": nil]) == "http://x/")
        #expect(PercentEncoding.url("http://x", "/list") == "http://x/list")
    }
}
