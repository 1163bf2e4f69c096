import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// A single-pass, validating JSON reader for object records that extracts
/// only the fields ``MetObject`` keeps; every other value is checked for
/// syntax and skipped without building Strings or dictionaries.
package enum MetObjectScanner {
    package static func decode(_ body: [UInt8]) -> MetObject? {
        // JSONDecoder rejects invalid UTF-8; so do we, in the same pass: a
        // byte above 0x7F is only valid inside a string, where
        // `stringRange` checks its sequence.
        body.withUnsafeBufferPointer { buffer -> MetObject? in
            var reader = Reader(bytes: buffer)
            guard let object = reader.topObject() else { return nil }
            reader.skipSpace()
            return reader.index == buffer.count ? object : nil
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var depth = 0
        /// Fields already read, one bit per ``Field``.
        var seen: UInt32 = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var peek: UInt8 { index < bytes.count ? bytes[index] : 0 }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func topObject() -> MetObject? {
            skipSpace()
            guard peek == UInt8(ascii: "{") else { return nil }
            index += 1
            var object = MetObject()
            skipSpace()
            if peek == UInt8(ascii: "}") { index += 1; return object }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\""), let key = stringRange() else { return nil }
                skipSpace()
                guard peek == UInt8(ascii: ":") else { return nil }
                index += 1
                skipSpace()
                guard readField(key: key, into: &object) else { return nil }
                skipSpace()
                switch peek {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): index += 1; return object
                default: return nil
                }
            }
        }

        /// The raw bytes between the quotes of the string at `index`, and
        /// whether it has escapes; nil when it is malformed.
        mutating func stringRange() -> (start: Int, end: Int, escaped: Bool)? {
            index += 1
            let start = index
            var escaped = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let end = index
                    index += 1
                    return (start, end, escaped)
                }
                if byte < 0x20 { return nil }
                if byte >= 0x80 {
                    guard let width = UTF8Validator.sequenceWidth(at: index, in: bytes) else { return nil }
                    index += width
                    continue
                }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    index += 1
                    guard index < bytes.count else { return nil }
                    switch bytes[index] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                         UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 1
                    case UInt8(ascii: "u"):
                        guard index + 4 < bytes.count else { return nil }
                        for k in 1...4 where hex(bytes[index + k]) == nil { return nil }
                        index += 5
                    default:
                        return nil
                    }
                    continue
                }
                index += 1
            }
            return nil
        }

        func hex(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }

        func string(_ range: (start: Int, end: Int, escaped: Bool)) -> String? {
            let raw = UnsafeBufferPointer(rebasing: bytes[range.start..<range.end])
            guard range.escaped else { return String(decoding: raw, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(raw.count)
            var i = 0
            while i < raw.count {
                let byte = raw[i]
                guard byte == UInt8(ascii: "\\") else { out.append(byte); i += 1; continue }
                let next = raw[i + 1]
                i += 2
                switch next {
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = code(raw, i)
                    i += 4
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard i + 5 < raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u") else { return nil }
                        let low = code(raw, i + 2)
                        guard (0xDC00...0xDFFF).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        return nil
                    }
                    guard let value = Unicode.Scalar(scalar) else { return nil }
                    UTF8.encode(value) { out.append($0) }
                default: out.append(next)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }

        func code(_ raw: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for k in 0..<4 { value = value << 4 | (hex(raw[at + k]) ?? 0) }
            return value
        }

        func keyIs(_ key: (start: Int, end: Int, escaped: Bool), _ name: StaticString) -> Bool {
            let length = key.end - key.start
            guard !key.escaped, length == name.utf8CodeUnitCount else { return false }
            let pointer = name.utf8Start
            for k in 0..<length where bytes[key.start + k] != pointer[k] { return false }
            return true
        }

        /// Reads the value of `key` into `object` when it is a field we
        /// keep. The first occurrence of a key wins, as with JSONDecoder.
        mutating func readField(key: (start: Int, end: Int, escaped: Bool), into object: inout MetObject) -> Bool {
            // Keys with escapes are compared after decoding (rare).
            let field = key.escaped ? string(key).flatMap(Field.init(name:)) : self.field(key)
            guard let field, seen & (1 << field.rawValue) == 0 else { return skipValue() }
            seen |= 1 << field.rawValue
            switch field {
            case .objectID:
                return number(into: &object.objectID)
            case .objectBeginDate:
                return number(into: &object.objectBeginDate)
            case .objectEndDate:
                return number(into: &object.objectEndDate)
            case .isPublicDomain:
                return boolean(into: &object.isPublicDomain)
            case .isHighlight:
                return boolean(into: &object.isHighlight)
            default:
                guard let path = field.textPath else { return skipValue() }
                return text(into: &object[keyPath: path])
            }
        }

        /// The field a raw (unescaped) key names, matched by length first.
        func field(_ key: (start: Int, end: Int, escaped: Bool)) -> Field? {
            let candidates: [Field]
            switch key.end - key.start {
            case 5: candidates = [.title]
            case 6: candidates = [.medium, .period]
            case 7: candidates = [.culture, .country]
            case 8: candidates = [.objectID]
            case 9: candidates = [.objectURL]
            case 10: candidates = [.objectDate, .department, .creditLine]
            case 11: candidates = [.isHighlight]
            case 12: candidates = [.primaryImage, .metadataDate]
            case 13: candidates = [.objectEndDate]
            case 14: candidates = [.isPublicDomain, .classification]
            case 15: candidates = [.objectBeginDate, .accessionNumber]
            case 17: candidates = [.primaryImageSmall, .artistDisplayName, .artistNationality]
            default: return nil
            }
            return candidates.first { keyIs(key, $0.key) }
        }

        /// A JSON `true` or `false`; any other value leaves nil.
        mutating func boolean(into field: inout Bool?) -> Bool {
            switch peek {
            case UInt8(ascii: "t"): guard literal("true") else { return false }; field = true; return true
            case UInt8(ascii: "f"): guard literal("false") else { return false }; field = false; return true
            default: field = nil; return skipValue()
            }
        }

        mutating func text(into field: inout String?) -> Bool {
            guard peek == UInt8(ascii: "\"") else { field = nil; return skipValue() }
            guard let range = stringRange(), let value = string(range) else { return false }
            field = value
            return true
        }

        mutating func number(into field: inout Int?) -> Bool {
            guard peek == UInt8(ascii: "-") || (peek >= UInt8(ascii: "0") && peek <= UInt8(ascii: "9")) else {
                field = nil
                return skipValue()
            }
            let start = index
            guard skipNumber() else { return false }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if let value = Int(text) {
                field = value
            } else if let double = Double(text), double.rounded() == double, abs(double) < 9.2e18 {
                field = Int(double)
            } else {
                field = nil
            }
            return true
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for k in 0..<count where bytes[index + k] != word.utf8Start[k] { return false }
            index += count
            return true
        }

        mutating func skipNumber() -> Bool {
            if peek == UInt8(ascii: "-") { index += 1 }
            func digits(_ reader: inout Reader) -> Int {
                let start = reader.index
                while reader.peek >= UInt8(ascii: "0") && reader.peek <= UInt8(ascii: "9") { reader.index += 1 }
                return reader.index - start
            }
            if peek == UInt8(ascii: "0") {
                index += 1
            } else if digits(&self) == 0 {
                return false
            }
            if peek == UInt8(ascii: ".") {
                index += 1
                guard digits(&self) > 0 else { return false }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                index += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
                guard digits(&self) > 0 else { return false }
            }
            return true
        }

        mutating func skipValue() -> Bool {
            switch peek {
            case UInt8(ascii: "\""): return stringRange() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close = peek == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let isObject = close == UInt8(ascii: "}")
                depth += 1
                guard depth < 512 else { return false }
                defer { depth -= 1 }
                index += 1
                skipSpace()
                if peek == close { index += 1; return true }
                while true {
                    skipSpace()
                    if isObject {
                        guard peek == UInt8(ascii: "\""), stringRange() != nil else { return false }
                        skipSpace()
                        guard peek == UInt8(ascii: ":") else { return false }
                        index += 1
                        skipSpace()
                    }
                    guard skipValue() else { return false }
                    skipSpace()
                    if peek == UInt8(ascii: ",") { index += 1; continue }
                    if peek == close { index += 1; return true }
                    return false
                }
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return skipNumber()
            }
        }
    }
}
