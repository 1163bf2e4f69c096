import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// Strict UTF-8 validation (RFC 3629) for raw field bytes.
///
/// `String(decoding:as:)` silently repairs bad input with U+FFFD, which would
/// hide a mis-encoded export, so the reader checks first. A hand-written check
/// is used instead of `String(validating:as:)` because that initializer needs
/// macOS 15 and this package declares no minimum platform.
package enum UTF8Validator {
    /// Whether `bytes` is well-formed UTF-8: no stray continuation bytes,
    /// no overlong forms, no surrogates, nothing above U+10FFFF.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            // Met text is mostly ASCII, so skip eight plain bytes at a time.
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            guard let length = sequenceLength(lead: lead),
                  index + length <= count,
                  isValidSecondByte(base[index + 1], lead: lead)
            else { return false }
            for offset in 2..<length where !isContinuation(base[index + offset]) {
                return false
            }
            index += length
        }
        return true
    }

    /// Lead bytes C0, C1 and F5...FF can never start a valid sequence.
    private static func sequenceLength(lead: UInt8) -> Int? {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return nil
        }
    }

    /// The second byte's range is what rules out overlongs, surrogates and
    /// code points past U+10FFFF.
    private static func isValidSecondByte(_ byte: UInt8, lead: UInt8) -> Bool {
        switch lead {
        case 0xE0: return (0xA0...0xBF).contains(byte)
        case 0xED: return (0x80...0x9F).contains(byte)
        case 0xF0: return (0x90...0xBF).contains(byte)
        case 0xF4: return (0x80...0x8F).contains(byte)
        default: return isContinuation(byte)
        }
    }

    private static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0xC0 == 0x80
    }
}
