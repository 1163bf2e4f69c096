import CSQLite

/// One result row, with columns addressed by position or name.
///
/// A name the row does not have throws, as in GRDB, so a typo in a query
/// or a column renamed by a migration is an error, not a silent NULL.
public struct Row: Sendable {
    public let columnNames: [String]
    public let values: [DatabaseValue]

    public subscript(_ index: Int) -> DatabaseValue { values[index] }

    /// Whether the row has a column called `name`.
    public func hasColumn(_ name: String) -> Bool { columnNames.contains(name) }

    /// The value of column `name`.
    public func value(named name: String) throws -> DatabaseValue {
        guard let index = columnNames.firstIndex(of: name) else {
            throw DatabaseError(
                resultCode: SQLITE_MISUSE,
                message: "no column '\(name)' in the row (it has \(columnNames.joined(separator: ", ")))")
        }
        return values[index]
    }

    /// Column `name` as an integer; nil when it is NULL or text. A REAL
    /// is truncated toward zero; one that is not finite or does not fit an
    /// `Int` (a hand-edited catalog) throws rather than traps.
    public func integer(named name: String) throws -> Int? {
        switch try value(named: name) {
        case .integer(let value): return Int(value)
        case .real(let value):
            guard let integer = Int(exactly: value.rounded(.towardZero)) else {
                throw DatabaseError(
                    resultCode: SQLITE_MISMATCH,
                    message: "column '\(name)' holds \(value), which is not an integer etl can use")
            }
            return integer
        default: return nil
        }
    }

    /// Column `name` as a floating-point number; nil when it is NULL or text.
    public func real(named name: String) throws -> Double? {
        switch try value(named: name) {
        case .integer(let value): return Double(value)
        case .real(let value): return value
        default: return nil
        }
    }

    /// Column `name` as text (numbers are formatted); nil when it is NULL or a blob.
    public func text(named name: String) throws -> String? {
        switch try value(named: name) {
        case .text(let value): return value
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        default: return nil
        }
    }
}
