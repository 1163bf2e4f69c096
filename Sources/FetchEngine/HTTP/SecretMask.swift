import Foundation

/// Masks secrets in text that may have passed through a server (an echoed
/// URL, a message quoting the request) before it is printed or stored.
///
/// A server may echo a key in another spelling, so a secret is found in
/// any letter case, reversed, as hex, as base64 in each of its three
/// phases (the key need not start on a 3-byte boundary of what was
/// encoded) in the standard and URL-safe alphabets, and under any
/// percent-encoding (some bytes or every byte as `%XX`, either case), and
/// with blanks between its characters; any
/// run of ``minimumRun`` or more of a spelling's characters is masked: a
/// key cut to its first 12 characters is still a key.
public struct SecretMask: Sendable {
    /// The shortest run of a secret's characters that is masked; credentials
    /// shorter than this are refused where they are read.
    public static let minimumRun = 8

    /// Every spelling searched, lower-cased ASCII.
    private let spellings: [[UInt8]]

    public init(_ secrets: [String]) {
        var spellings: Set<[UInt8]> = []
        for secret in secrets where secret.utf8.count >= Self.minimumRun {
            let bytes = Array(secret.utf8)
            let hex = bytes.flatMap { Array(String(format: "%02x", $0).utf8) }
            var found = [bytes, bytes.reversed(), hex]
            for phase in 0..<3 { found += Self.base64(of: bytes, phase: phase) }
            for spelling in found where spelling.count >= Self.minimumRun { spellings.insert(spelling.map(Self.lowercased)) }
        }
        self.spellings = spellings.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// `bytes` in base64 as they read when `phase` of them end a 3-byte
    /// group of what was encoded, standard and URL-safe: the characters of
    /// that group the key's bytes alone decide (the last `phase`), then the
    /// key's aligned rest (its last group too when it ends what was encoded).
    private static func base64(of bytes: [UInt8], phase: Int) -> [[UInt8]] {
        // The group the key's first `phase` bytes end; zeros stand for what came before.
        let group = [UInt8](repeating: 0, count: 3 - phase) + bytes.prefix(phase)
        let lead = phase == 0 ? [] : Array(Data(group).base64EncodedString().utf8.suffix(phase))
        let text = lead + Array(Data(bytes.dropFirst(phase)).base64EncodedString().utf8)
        let urlSafe = text.map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "+"): return UInt8(ascii: "-")
            case UInt8(ascii: "/"): return UInt8(ascii: "_")
            default: return byte
            }
        }
        return [text, urlSafe]
    }

    /// `text` with every run of a secret's characters replaced by `***`.
    public func masked(_ text: String) -> String {
        guard !spellings.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        // A non-ASCII scalar never matches: secrets are visible ASCII.
        let folded = scalars.map { $0.isASCII ? Self.lowercased(UInt8($0.value)) : 0 }
        var hidden = [Bool](repeating: false, count: scalars.count)
        // Searched as written and with every `%XX` decoded, so any mix of
        // encoded and plain bytes is found; a decoded byte hides its three characters.
        let decoded = Self.percentDecoded(folded)
        // And with blanks dropped: a key echoed with spaces between its
        // characters ("a b c d …") is the key (decoded too: `%20`).
        let views = [Self.withoutBlanks(folded, origins: nil), decoded.flatMap { Self.withoutBlanks($0.bytes, origins: $0.origins) }]
        for spelling in spellings {
            mark(spelling, in: folded, &hidden)
            if let decoded { mark(spelling, in: decoded.bytes, origins: decoded.origins, &hidden) }
            for case let view? in views { mark(spelling, in: view.bytes, origins: view.origins, fillingGaps: true, &hidden) }
        }
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

    /// `text` with each `%XX` replaced by its byte (lower-cased), and where
    /// each byte came from; nil when `text` holds no percent-encoding.
    private static func percentDecoded(_ text: [UInt8]) -> (bytes: [UInt8], origins: [Range<Int>])? {
        var bytes: [UInt8] = []
        var origins: [Range<Int>] = []
        var index = 0
        var isEncoded = false
        while index < text.count {
            if text[index] == UInt8(ascii: "%"), index + 2 < text.count,
               let high = hexValue(text[index + 1]), let low = hexValue(text[index + 2]) {
                bytes.append(lowercased(high << 4 | low))
                origins.append(index..<index + 3)
                index += 3
                isEncoded = true
            } else {
                bytes.append(text[index])
                origins.append(index..<index + 1)
                index += 1
            }
        }
        return isEncoded ? (bytes, origins) : nil
    }

    /// `text` without its blanks (space, tab, line ends), and where each
    /// byte kept came from; nil when `text` holds none.
    private static func withoutBlanks(_ text: [UInt8], origins: [Range<Int>]?) -> (bytes: [UInt8], origins: [Range<Int>])? {
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard text.contains(where: blanks.contains) else { return nil }
        var bytes: [UInt8] = []
        var kept: [Range<Int>] = []
        for (index, byte) in text.enumerated() where !blanks.contains(byte) {
            bytes.append(byte)
            kept.append(origins?[index] ?? index..<index + 1)
        }
        return (bytes, kept)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil  // `text` is lower-cased already
        }
    }

    /// Marks every common run of `minimumRun`+ characters of `text` and
    /// `secret` (the longest-common-substring table, one row at a time:
    /// O(text × secret), and error texts are short); `origins` maps a
    /// position of `text` to the characters it stands for.
    /// With `fillingGaps`, what lies between a run's first and last
    /// characters is hidden too (the blanks a view without them dropped).
    private func mark(_ secret: [UInt8], in text: [UInt8], origins: [Range<Int>]? = nil, fillingGaps: Bool = false, _ hidden: inout [Bool]) {
        var previous = [Int](repeating: 0, count: secret.count + 1)
        var current = previous
        for (i, byte) in text.enumerated() {
            for j in 0..<secret.count {
                current[j + 1] = byte != 0 && byte == secret[j] ? previous[j] + 1 : 0
                let run = current[j + 1]
                if run >= Self.minimumRun, fillingGaps, let origins {
                    for origin in origins[i - run + 1].lowerBound..<origins[i].upperBound { hidden[origin] = true }
                } else if run >= Self.minimumRun {
                    for k in (i - run + 1)...i {
                        if let origins {
                            for origin in origins[k] { hidden[origin] = true }
                        } else {
                            hidden[k] = true
                        }
                    }
                }
            }
            swap(&previous, &current)
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
