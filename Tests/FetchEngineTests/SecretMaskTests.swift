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

    @Test("the key with blanks between its characters (spaces, %20, tabs, line ends) is masked, blanks and all")
    func spacedKeys() {
        let spaced = Self.key.map(String.init).joined(separator: " ")
        #expect(SecretMask([Self.key]).masked("Invalid API Key (\(spaced)), see docs") == "Invalid API Key (***), see docs")
        let encoded = Self.key.map(String.init).joined(separator: "%20")
        #expect(SecretMask([Self.key]).masked("key=\(encoded)&x=1") == "key=***&x=1")
        let mixed = "A1 B2\tC3\nD4 E5F6"
        #expect(SecretMask([Self.key]).masked("[\(mixed)]") == "[***]")
        // Words that share a few characters with the key, spaced or not, stay.
        #expect(SecretMask([Self.key]).masked("a 1 b 2 is fine") == "a 1 b 2 is fine")
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

    // MARK: Encodings a server may echo (issue 29, item 9), with keys made here.

    /// A key as Flickr (32 hex-like characters) or TMDB (a long token with
    /// dots, dashes and underscores) issues them, random each run.
    static func randomKey(length: Int, alphabet: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = Array(alphabet)
        return String((0..<length).map { _ in characters.randomElement(using: &generator)! })
    }

    static let keys = [
        randomKey(length: 32, alphabet: "0123456789abcdef"),
        randomKey(length: 180, alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-"),
    ]

    /// Every run of `minimumRun` characters of `core` (what encodes the key
    /// alone) is gone from `masked`, and the mask is there.
    func expectHidden(_ core: String, in masked: String, _ comment: String) {
        let characters = Array(core)
        #expect(masked.contains("***"), "\(comment)")
        guard characters.count >= SecretMask.minimumRun else { return }
        for start in 0...(characters.count - SecretMask.minimumRun) {
            let run = String(characters[start..<start + SecretMask.minimumRun])
            #expect(!masked.contains(run), "\(comment): '\(run)' of the key's spelling survived in \(masked)")
        }
    }

    @Test("the key as hex, lower or upper case, is masked", arguments: keys)
    func hex(key: String) {
        let hex = key.utf8.map { String(format: "%02x", $0) }.joined()
        for spelling in [hex, hex.uppercased()] {
            let masked = SecretMask([key]).masked("echo: 00\(spelling)ff done")
            expectHidden(spelling, in: masked, "hex")
            #expect(masked.hasPrefix("echo: ") && masked.hasSuffix(" done"))
        }
    }

    @Test("the key with every byte, or some bytes, as %XX in either case is masked", arguments: keys)
    func percentEncoded(key: String) {
        let every = key.utf8.map { String(format: "%%%02X", $0) }.joined()
        // Every other byte encoded: neither the plain nor the fully encoded spelling.
        let some = key.utf8.enumerated().map { $0.offset % 2 == 0 ? String(format: "%%%02x", $0.element) : String(UnicodeScalar($0.element)) }.joined()
        for spelling in [every, every.lowercased(), some] {
            let masked = SecretMask([key]).masked("url?key=\(spelling)&page=2")
            #expect(masked == "url?key=***&page=2", "\(spelling)")
        }
    }

    @Test("the key base64-encoded at any offset (three phases), standard and URL-safe, is masked", arguments: keys)
    func base64Phases(key: String) {
        for offset in 0..<6 {
            let prefix = Array("{\"k\":\"".utf8.prefix(offset))
            let plain = prefix + Array(key.utf8) + Array("\"}".utf8)
            let standard = Data(plain).base64EncodedString()
            let urlSafe = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            // The characters that encode key bytes alone: from the last of
            // the group the key starts in (when it holds a key byte's last 6
            // bits), up to the group it ends in.
            let first = offset % 3 == 0 ? offset / 3 * 4 : offset / 3 * 4 + 4 - offset % 3
            let last = (offset + key.utf8.count) / 3 * 4
            for encoded in [standard, urlSafe] {
                let characters = Array(encoded)
                let core = String(characters[first..<last])
                let masked = SecretMask([key]).masked("Invalid token \(encoded) given")
                expectHidden(core, in: masked, "offset \(offset)")
                #expect(masked.hasPrefix("Invalid token ") && masked.hasSuffix(" given"))
            }
        }
    }

    @Test("text that only looks encoded is unchanged", arguments: keys)
    func lookalikesUnchanged(key: String) {
        let other = Self.randomKey(length: key.count, alphabet: "ghijklmnopqrstuvwxyz")
        let text = "%41%42%43 \(Data(other.utf8).base64EncodedString()) \(other.utf8.map { String(format: "%02x", $0) }.joined()) 100%"
        #expect(SecretMask([key]).masked(text) == text)
    }
}

