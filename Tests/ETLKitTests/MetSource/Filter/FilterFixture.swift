@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import ETLReport
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource
import FetchEngine

/// A JSON value as it appears in an API body, or a key left out.
enum JSONField: Sendable, CustomStringConvertible {
    case string(String)
    case number(String)  // written verbatim, e.g. "12.5" or "-5"
    case raw(String)  // any other JSON text, e.g. "[]"
    case bool(Bool)
    case null
    case missing

    var description: String {
        switch self {
        case .string(let text): return "string \(text.unicodeScalars.map { String($0.value, radix: 16) })"
        case .number(let text): return "number \(text)"
        case .raw(let text): return "raw \(text)"
        case .bool(let value): return "bool \(value)"
        case .null: return "null"
        case .missing: return "missing"
        }
    }

    /// The JSON text for the value; nil when the key is to be left out.
    var json: String? {
        switch self {
        case .string(let text): return FilterFixture.quote(text)
        case .number(let text), .raw(let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .missing: return nil
        }
    }
}

/// Bodies shaped like `GET /objects/{id}` answers.
enum FilterFixture {
    /// A complete, kept-worthy object, in API key order.
    static let completeFields: [(String, JSONField)] = [
        ("objectID", .number("436535")),
        ("isHighlight", .bool(true)),
        ("isPublicDomain", .bool(true)),
        ("primaryImage", .string("https://images.metmuseum.org/CRDImages/ep/original/DT1567.jpg")),
        ("primaryImageSmall", .string("https://images.metmuseum.org/CRDImages/ep/web-large/DT1567.jpg")),
        ("additionalImages", .raw("[]")),
        ("department", .string("European Paintings")),
        ("title", .string("Wheat Field with Cypresses")),
        ("artistDisplayName", .string("Vincent van Gogh")),
        ("objectDate", .string("1889")),
        ("medium", .string("Oil on canvas")),
        ("classification", .string("Paintings")),
        ("objectURL", .string("https://www.metmuseum.org/art/collection/search/436535")),
        ("metadataDate", .string("2023-02-07T04:46:51.34Z")),
    ]

    /// The complete object with `overrides` applied (a `.missing` removes the key).
    static func body(_ overrides: [String: JSONField] = [:]) -> [UInt8] {
        var parts: [String] = []
        var seen: Set<String> = []
        for (key, value) in completeFields {
            seen.insert(key)
            if let json = (overrides[key] ?? value).json { parts.append("\(quote(key)): \(json)") }
        }
        for (key, value) in overrides.sorted(by: { $0.key < $1.key }) where !seen.contains(key) {
            if let json = value.json { parts.append("\(quote(key)): \(json)") }
        }
        return Array(("{" + parts.joined(separator: ", ") + "}").utf8)
    }

    static func object(_ overrides: [String: JSONField] = [:]) -> MetObject? {
        MetObject.decode(body: body(overrides))
    }

    /// A JSON string literal; control characters are escaped as the API does.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
