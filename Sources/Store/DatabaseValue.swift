/// A value bound to, or read from, an SQLite statement.
public enum DatabaseValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    /// UTF-8 bytes bound as TEXT, without building a String first.
    case utf8([UInt8])
}

extension DatabaseValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(nilLiteral: ()) { self = .null }
}

extension DatabaseValue {
    /// Text, or NULL when `value` is nil.
    public static func text(_ value: String?) -> DatabaseValue {
        value.map { .text($0) } ?? .null
    }

    /// An integer, or NULL when `value` is nil.
    public static func int(_ value: Int?) -> DatabaseValue {
        value.map { .integer(Int64($0)) } ?? .null
    }

    /// A boolean stored as 0 or 1, or NULL when `value` is nil.
    public static func bool(_ value: Bool?) -> DatabaseValue {
        value.map { .integer($0 ? 1 : 0) } ?? .null
    }

    /// A real, or NULL when `value` is nil.
    public static func double(_ value: Double?) -> DatabaseValue {
        value.map { .real($0) } ?? .null
    }
}
