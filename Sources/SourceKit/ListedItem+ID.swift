import ETLCore

extension ListedItem {
    /// How a source's rule wants a record's ID spelled.
    package enum IDSpelling: Sendable {
        /// A JSON integer (most APIs').
        case integer
        /// Digits in a JSON string (a photo site's).
        case digits
    }

    /// A record's ID as a source's rule reads it: a positive integer,
    /// spelled as `rule` says; spelled the other way it keys the record
    /// too, but breaks the rule (`invalid`, the `invalid_id` reason). Nil
    /// when nothing can key it.
    package static func id(_ value: JSONValue?, spelled rule: IDSpelling = .integer) -> (id: Int, invalid: Bool)? {
        switch value {
        case .integer(let number)? where number > 0: return (Int(number), rule != .integer)
        case .string(let text)?:
            guard text.allSatisfy(\.isASCII), let number = Int(text), number > 0 else { return nil }
            return (number, rule != .digits)
        default: return nil
        }
    }
}
