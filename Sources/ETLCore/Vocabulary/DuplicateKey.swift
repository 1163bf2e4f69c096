import Foundation

/// The key two works share when they are duplicates, for every source that
/// tells duplicates by maker and title (the Met, the Art Institute):
/// normalized artist and title joined by a unit separator, which neither
/// can contain after whitespace collapsing.
package enum DuplicateKey {
    package static func of(artist: String?, title: String?) -> String {
        normalize(artist ?? "") + "\u{1F}" + normalize(title ?? "")
    }

    /// NFC, trimmed, inner whitespace runs collapsed to one space, lowercased.
    package static func normalize(_ text: String) -> String {
        // ASCII is already NFC and lowercases byte by byte: skip Foundation.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                switch byte {
                case 0x09...0x0D, 0x20, 0x1F:
                    pendingSpace = !bytes.isEmpty
                default:
                    if pendingSpace {
                        bytes.append(0x20)
                        pendingSpace = false
                    }
                    bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let composed = text.precomposedStringWithCanonicalMapping
        var result = ""
        result.reserveCapacity(composed.utf8.count)
        var pendingSpace = false
        for scalar in composed.unicodeScalars {
            if scalar.properties.isWhitespace || scalar == "\u{1F}" {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace {
                    result.unicodeScalars.append(" ")
                    pendingSpace = false
                }
                result.unicodeScalars.append(scalar)
            }
        }
        return result.lowercased()
    }
}
