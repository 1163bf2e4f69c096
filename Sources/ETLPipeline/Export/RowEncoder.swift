import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Encodes rows as JSON Lines or RFC 4180 CSV, byte by byte, so an export
/// never holds more than one row.
package enum RowEncoder {
    /// `{"object_id":1,"title":"…"}` and a newline; keys in column order.
    package static func appendJSONLine(_ row: Row, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (index, name) in row.columnNames.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendJSONString(name, to: &out)
            out.append(UInt8(ascii: ":"))
            switch row[index] {
            case .null: out.append(contentsOf: "null".utf8)
            case .integer(let value): out.append(contentsOf: String(value).utf8)
            case .real(let value):
                out.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
            case .text(let text): appendJSONString(text, to: &out)
            case .utf8(let bytes): appendJSONString(String(decoding: bytes, as: UTF8.self), to: &out)
            case .blob(let bytes): appendJSONString(bytes.map { String($0, radix: 16) }.joined(), to: &out)
            }
        }
        out.append(contentsOf: "}\n".utf8)
    }

    /// A JSON string: quotes, backslashes and control characters escaped,
    /// everything else as UTF-8.
    package static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x00..<0x20, 0x7F:
                let hex = String(byte, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// One CSV record ending in CRLF (RFC 4180); NULL is an empty field.
    package static func appendCSVRecord(_ fields: [String?], to out: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            guard let field else { continue }
            let needsQuotes = field.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            guard needsQuotes else { out.append(contentsOf: field.utf8); continue }
            out.append(UInt8(ascii: "\""))
            for byte in field.utf8 {
                if byte == UInt8(ascii: "\"") { out.append(byte) }
                out.append(byte)
            }
            out.append(UInt8(ascii: "\""))
        }
        out.append(contentsOf: [0x0D, 0x0A])
    }

    package static func csvField(_ value: DatabaseValue) -> String? {
        switch value {
        case .null: return nil
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let text): return text
        case .utf8(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .blob(let bytes): return bytes.map { String($0, radix: 16) }.joined()
        }
    }

    /// `value` as a CSV field; with `formulaSafe`, a text a spreadsheet
    /// would run as a formula gets a leading `'` (numbers stay numbers).
    package static func csvField(_ value: DatabaseValue, formulaSafe: Bool) -> String? {
        switch value {
        case .text, .utf8: return csvField(value).map { formulaSafe ? Self.formulaSafe($0) : $0 }
        default: return csvField(value)
        }
    }

    /// A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a
    /// tab or carriage return before one) gets a leading `'`, OWASP's advice
    /// against CSV injection; other cells are unchanged.
    package static func formulaSafe(_ field: String) -> String {
        guard let first = field.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return field }
        return "'" + field
    }
}
