import ETLCore

extension SourceOption {
    /// The parser of an option taking one integer within `range` (a picture's
    /// width), kept as its digits; `noun` names it in the error (`<noun> from
    /// 1 to 3000, e.g. 843`).
    package static func integer(in range: ClosedRange<Int>, _ noun: String, example: String) -> @Sendable (String) throws -> String {
        let expected = "\(noun) \(spelled(range)), e.g. \(example)"
        return { text in
            guard text.allSatisfy(\.isASCII), let number = Int(text), range.contains(number) else {
                throw InvalidValue(expected: expected)
            }
            return String(number)
        }
    }

    /// The parser of an option taking integers within `range` separated by
    /// commas (IDs a search filters on: `4,9,10`), repeats dropped; `noun`
    /// names them in the error (`<noun> from 0 to 16 separated by commas, e.g. 9,10`).
    package static func integers(in range: ClosedRange<Int>, _ noun: String, example: String) -> @Sendable (String) throws -> String {
        let expected = "\(noun) \(spelled(range)) separated by commas, e.g. \(example)"
        return { text in
            var numbers: [Int] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard part.allSatisfy(\.isASCII), let number = Int(part), range.contains(number) else {
                    throw InvalidValue(expected: expected)
                }
                if !numbers.contains(number) { numbers.append(number) }
            }
            return numbers.map(String.init).joined(separator: ",")
        }
    }

    private static func spelled(_ range: ClosedRange<Int>) -> String { "from \(range.lowerBound) to \(range.upperBound)" }
}
