import Foundation
import Testing
@testable import Basics

/// The one percent-encoder: each named set keeps what the copy it replaced
/// kept (their definitions, in Foundation's terms or as written, are the
/// oracle).
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
