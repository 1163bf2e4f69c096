import ETLCore

extension ListedItem {
    /// A record's ID as a museum's rule reads it: a JSON integer above 0;
    /// digits in a string key the record too, but break the rule
    /// (`invalid`, the `invalid_id` reason). Nil when nothing can key it.
    package static func id(_ value: JSONValue?) -> (id: Int, invalid: Bool)? {
        switch value {
        case .integer(let number)? where number > 0: return (Int(number), false)
        case .string(let text)?:
            guard text.allSatisfy(\.isASCII), let number = Int(text), number > 0 else { return nil }
            return (number, true)
        default: return nil
        }
    }
}
