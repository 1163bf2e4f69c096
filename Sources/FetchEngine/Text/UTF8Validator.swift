/// The one strict UTF-8 check (RFC 3629, Unicode's table 3-7): no stray
/// continuation bytes, no overlong forms, no surrogates, nothing above
/// U+10FFFF. A response body's check (``JSONBodyCheck``), a CSV field's and
/// the Met record scanner's string bytes all use it.
///
/// `String(decoding:as:)` silently repairs bad input with U+FFFD, which would
/// hide a mis-encoded answer or export, so readers check first. A hand-written check
/// is used instead of `String(validating:as:)` because that initializer needs
/// macOS 15 and this package declares no minimum platform, and because the
/// scanner checks one sequence at a time inside its own pass.
public enum UTF8Validator {
    /// Whether `bytes` is well-formed UTF-8.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalidOffset(bytes) == nil
    }

    /// The offset of the first byte that starts no well-formed sequence;
    /// nil when all of `bytes` is well-formed UTF-8.
    public static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            // Text is mostly ASCII, so skip eight plain bytes at a time.
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            if base[index] < 0x80 {
                index += 1
                continue
            }
            guard let width = sequenceWidth(at: index, in: bytes) else { return index }
            index += width
        }
        return nil
    }

    /// The length of the well-formed sequence whose lead byte is at `i`
    /// (1 for ASCII); nil when it is malformed or cut short. Inlinable: the
    /// Met record scanner calls it for each non-ASCII character of its hot path.
    @inlinable @inline(__always)
    public static func sequenceWidth(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        @inline(__always) func continues(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + k < bytes.count && range.contains(bytes[i + k])
        }
        // The second byte's range is what rules out overlongs, surrogates
        // and code points past U+10FFFF; C0, C1 and F5…FF start nothing.
        switch bytes[i] {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continues(1) ? 2 : nil
        case 0xE0: return continues(1, 0xA0...0xBF) && continues(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return continues(1) && continues(2) ? 3 : nil
        case 0xED: return continues(1, 0x80...0x9F) && continues(2) ? 3 : nil
        case 0xF0: return continues(1, 0x90...0xBF) && continues(2) && continues(3) ? 4 : nil
        case 0xF1...0xF3: return continues(1) && continues(2) && continues(3) ? 4 : nil
        case 0xF4: return continues(1, 0x80...0x8F) && continues(2) && continues(3) ? 4 : nil
        default: return nil
        }
    }
}

extension UTF8Validator {
    /// The index in `bytes` (its parent's numbering) of the first byte that
    /// starts no well-formed sequence; nil when all of it is UTF-8.
    public static func firstInvalidIndex(in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset($0) }.map { bytes.startIndex + $0 }
    }
}
