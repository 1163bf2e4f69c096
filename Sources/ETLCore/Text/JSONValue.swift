import FetchEngine
import Foundation
import Store

/// A JSON value as the API sent it, keeping the types apart: `1` is not
/// `true` and `"66"` is not `66`, which the completeness rules depend on
/// (JSONSerialization on Linux answers `as? Int` for `true`). A number
/// written with a fraction or exponent that is whole (`1.0`, `1e2`) reads
/// as an integer: JSONDecoder does not say how a number was written.
package enum JSONValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    package subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// A string that holds more than whitespace.
    package var nonBlankString: String? {
        guard let value = string, VisibleText.isVisible(value) else { return nil }
        return value
    }

    package var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// An integer or a fractional number.
    package var number: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    package var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// Decodes `data`, or nil when it is not JSON.
    package static func decode(_ data: some Collection<UInt8>) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(data))
    }

    /// Compact JSON with sorted keys: what `objects_raw` stores for an item.
    package var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
