import Foundation
import Testing

/// Percent-encoding is one mechanism (`Sources/Basics/PercentEncoding.swift`,
/// below both Store and FetchEngine): a second copy once lived in Store's
/// SQLite URI path, and five before that. These spellings of writing `%XX`
/// by hand, or of Foundation's encoder, are refused everywhere else.
@Suite("Percent-encoding is written once")
struct PercentEncodingOnceTests {
    static let home = "Basics/PercentEncoding.swift"

    static func copies() throws -> [(what: String, pattern: Regex<AnyRegexOutput>)] { [
        ("Foundation's encoder", try Regex(#"addingPercentEncoding"#)),
        ("Foundation's URL character sets", try Regex(#"\.url(Query|Path|Host|Fragment|User|Password)Allowed"#)),
        ("a \"%\" joined to hex", try Regex(#""%"\s*\+|"%\\\("#)),
        ("a \"%\" format", try Regex(#""%%"#)),
        ("a % byte written before hex", try Regex(#"\[\s*UInt8\(ascii: "%"\)|append\(UInt8\(ascii: "%"\)\)"#)),
    ] }

    @Test("no Swift file but the one encoder writes percent-encoding by hand")
    func writtenOnce() throws {
        let files = try SourcePluginTests.sourceFiles()
        #expect(files.contains { $0.path == Self.home }, "the encoder lives in \(Self.home)")
        for (what, pattern) in try Self.copies() {
            let copies = files.filter { $0.path != Self.home && $0.text.contains(pattern) }.map(\.path)
            #expect(copies == [], "\(what) in \(copies)")
        }
    }

    @Test("the check finds the copies it replaced, not a decoder's test for %")
    func checkFindsACopy() throws {
        let copies = try Self.copies()
        let replaced = [
            // Store's SQLite URI path, until this check.
            #"let hex = String(byte, radix: 16, uppercase: true); text += "%" + (hex.count == 1 ? "0" + hex : hex)"#,
            #"value.addingPercentEncoding(withAllowedCharacters: allowed)"#,
            #"var allowed = CharacterSet.urlQueryAllowed"#,
            #"bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]"#,
            #"out += String(format: "%%%02X", byte)"#,
            #"text += "%\(hex)""#,
        ]
        for line in replaced {
            #expect(copies.contains { line.contains($0.pattern) }, "\(line)")
        }
        // SecretMask decodes `%XX` (to find a key in any spelling); decoding is not encoding.
        #expect(!copies.contains { #"if text[index] == UInt8(ascii: "%"), index + 2 < text.count,"#.contains($0.pattern) })
    }
}
