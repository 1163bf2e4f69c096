import Foundation

/// Masks secrets in text that may have passed through a server (an echoed
/// URL, a message quoting the request) before it is printed or stored.
///
/// A server may echo a key in another spelling, so a secret is found in
/// any letter case, percent-encoded, base64-encoded and reversed, and any
/// run of ``minimumRun`` or more of its characters is masked: a key cut to
/// its first 12 characters is still a key.
public struct SecretMask: Sendable {
    /// The shortest run of a secret's characters that is masked; credentials
    /// shorter than this are refused where they are read.
    public static let minimumRun = 8

    /// Every spelling searched, lower-cased ASCII.
    private let spellings: [[UInt8]]

    public init(_ secrets: [String]) {
        var spellings: [[UInt8]] = []
        for secret in secrets where secret.utf8.count >= Self.minimumRun {
            let bytes = Array(secret.utf8)
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            let encoded = secret.addingPercentEncoding(withAllowedCharacters: allowed) ?? secret
            for spelling in [bytes, Array(encoded.utf8), bytes.reversed(), Array(Data(bytes).base64EncodedString().utf8)] {
                spellings.append(spelling.map(Self.lowercased))
            }
        }
        self.spellings = spellings
    }

    /// `text` with every run of a secret's characters replaced by `***`.
    public func masked(_ text: String) -> String {
        guard !spellings.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        // A non-ASCII scalar never matches: secrets are visible ASCII.
        let folded = scalars.map { $0.isASCII ? Self.lowercased(UInt8($0.value)) : 0 }
        var hidden = [Bool](repeating: false, count: scalars.count)
        for spelling in spellings { mark(spelling, in: folded, &hidden) }
        guard hidden.contains(true) else { return text }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if hidden[index] {
                result.append(contentsOf: "***".unicodeScalars)
                while index < scalars.count && hidden[index] { index += 1 }
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// Marks every common run of `minimumRun`+ characters of `text` and
    /// `secret` (the longest-common-substring table, one row at a time:
    /// O(text × secret), and error texts are short).
    private func mark(_ secret: [UInt8], in text: [UInt8], _ hidden: inout [Bool]) {
        var previous = [Int](repeating: 0, count: secret.count + 1)
        var current = previous
        for (i, byte) in text.enumerated() {
            for j in 0..<secret.count {
                current[j + 1] = byte != 0 && byte == secret[j] ? previous[j] + 1 : 0
                let run = current[j + 1]
                if run >= Self.minimumRun {
                    for k in (i - run + 1)...i { hidden[k] = true }
                }
            }
            swap(&previous, &current)
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
