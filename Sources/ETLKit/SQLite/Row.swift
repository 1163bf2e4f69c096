/// One result row, with columns addressed by position or name.
public struct Row: Sendable {
    public let columnNames: [String]
    public let values: [DatabaseValue]

    public subscript(_ index: Int) -> DatabaseValue { values[index] }

    public subscript(_ name: String) -> DatabaseValue {
        guard let index = columnNames.firstIndex(of: name) else { return .null }
        return values[index]
    }

    public func int(_ name: String) -> Int? {
        switch self[name] {
        case .integer(let value): return Int(value)
        case .real(let value): return Int(value)
        default: return nil
        }
    }

    public func double(_ name: String) -> Double? {
        switch self[name] {
        case .integer(let value): return Double(value)
        case .real(let value): return value
        default: return nil
        }
    }

    public func string(_ name: String) -> String? {
        switch self[name] {
        case .text(let value): return value
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        default: return nil
        }
    }
}
