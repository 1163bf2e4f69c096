import Foundation
import Testing
@testable import FetchEngine

/// A server may echo a key in another spelling: every spelling is masked,
/// and nothing else is.
@Suite("Secret masking")
struct SecretMaskTests {
    static let key = "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6"

    @Test("the key in any case, percent-encoded, base64, reversed or cut to 8+ characters is masked", arguments: [
        "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6",
        "A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6",
        String("a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6".reversed()),
        "a1b2c3d4e5f6",
        "e1f2a3b4c5d6",
        Data("a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6".utf8).base64EncodedString(),
    ])
    func spellings(spelling: String) {
        let masked = SecretMask([Self.key]).masked("Invalid API Key (\(spelling)), see docs")
        #expect(masked == "Invalid API Key (***), see docs")
    }

    @Test func percentEncodedSecretsAreMasked() {
        let secret = "key/with+special=chars&more"
        let encoded = "key%2Fwith%2Bspecial%3Dchars%26more"
        #expect(SecretMask([secret]).masked("url?api_key=\(encoded)&x=1") == "url?api_key=***&x=1")
        #expect(SecretMask([secret]).masked("url?api_key=\(encoded.lowercased())") == "url?api_key=***")
    }

    @Test func textWithoutTheSecretIsUnchanged() {
        let text = "a1b2c3d ok: 7 characters of the key are not a secret; é and \u{1F600} pass"
        #expect(SecretMask([Self.key]).masked(text) == text)
        #expect(SecretMask([]).masked(text) == text)
        #expect(SecretMask(["short"]).masked("short") == "short", "too short to mask without masking everything")
    }

    @Test func everyOccurrenceAndAdjacentRunsBecomeOneMask() {
        let masked = SecretMask([Self.key]).masked("\(Self.key) and \(Self.key.uppercased())\(Self.key)")
        #expect(masked == "*** and ***")
    }

    @Test func hidingAnHTTPErrorMasksEverySpelling() {
        let error = HTTPError.cannotConnect(url: "http://h/x?api_key=\(Self.key)", reason: "echo \(Self.key.uppercased().prefix(12))")
        let hidden = error.hiding("http://h/x?api_key=\(Self.key)", as: "http://h/x", secrets: [Self.key])
        #expect(hidden == .cannotConnect(url: "http://h/x", reason: "echo ***"))
    }
}
