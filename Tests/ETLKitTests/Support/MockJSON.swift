import Foundation

/// A JSON value as a mock's test hooks (`/__stats`, `/__expected`) or the
/// mocked APIs answer it: Sendable, so it crosses tasks, and typed, so a test
/// can tell `1` from `"1"` and `null` from a missing key.
enum MockJSON: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([MockJSON])
    case object([String: MockJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([MockJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: MockJSON].self))
        }
    }

    static func decode(_ data: Data) throws -> MockJSON {
        try JSONDecoder().decode(MockJSON.self, from: data)
    }

    subscript(key: String) -> MockJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The number when it is a whole one, as JSON integers are.
    var int: Int? {
        if case .number(let value) = self, value.rounded() == value, abs(value) < 1e15 { return Int(value) }
        return nil
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var array: [MockJSON]? {
        if case .array(let values) = self { return values }
        return nil
    }

    var keys: Set<String> {
        if case .object(let members) = self { return Set(members.keys) }
        return []
    }
}
