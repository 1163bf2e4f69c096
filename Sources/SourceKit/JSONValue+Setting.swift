import ETLCore

extension JSONValue {
    /// This value with `value` at the object keys `path`.
    func setting(_ value: JSONValue, at path: ArraySlice<String>) -> JSONValue {
        guard let key = path.first else { return value }
        guard case .object(var fields) = self else { return self }
        fields[key] = (fields[key] ?? .null).setting(value, at: path.dropFirst())
        return .object(fields)
    }
}
