/// JSON's `\uXXXX` escapes of a UTF-16 surrogate that is not half of a
/// pair: valid syntax that names no character, which JSON's decoder refuses.
enum SurrogateEscapes {
    /// Replaces each lone surrogate escape in `bytes` (JSON text) with
    /// `\ufffd`; returns the first one's offset and its four hex digits.
    static func mend(_ bytes: inout [UInt8]) -> (offset: Int, code: String)? {
        var first: (offset: Int, code: String)?
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "u"), let unit = unit(bytes, at: index + 2) else {
                index += 2
                continue
            }
            if (0xD800...0xDBFF).contains(unit), index + 12 <= bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
               bytes[index + 7] == UInt8(ascii: "u"), let low = self.unit(bytes, at: index + 8), (0xDC00...0xDFFF).contains(low) {
                index += 12
                continue
            }
            if (0xD800...0xDFFF).contains(unit) {
                first = first ?? (index, String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self).lowercased())
                bytes.replaceSubrange((index + 2)..<(index + 6), with: Array("fffd".utf8))
            }
            index += 6
        }
        return first
    }

    /// The four hex digits at `start`, if they are.
    private static func unit(_ bytes: [UInt8], at start: Int) -> Int? {
        guard start + 4 <= bytes.count else { return nil }
        return Int(String(decoding: bytes[start..<(start + 4)], as: UTF8.self), radix: 16)
    }
}
