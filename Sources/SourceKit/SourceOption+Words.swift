import ETLCore
import Foundation

extension SourceOption {
    /// The parser of an option taking words separated by commas (tags a
    /// search matches): ` cat, dog ` → `cat,dog`, at least one that shows
    /// something; empty items (`,,,`) dropped, since an API would read them
    /// as no word. `noun` and `example` name them in the error (`one or more
    /// tags separated by commas, such as cat,dog`).
    package static func list(of noun: String, example: String) -> @Sendable (String) throws -> String {
        { text in
            guard !text.contains(where: \.isNewline) else { throw InvalidValue(expected: "a non-empty single line") }
            let words = text
                .split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { VisibleText.isVisible($0) }
            guard !words.isEmpty else { throw InvalidValue(expected: "one or more \(noun) separated by commas, such as \(example)") }
            return words.joined(separator: ",")
        }
    }

    /// `us` → `US`: an ISO 3166-1 country code, two letters (a region whose release dates apply).
    @Sendable package static func countryCode(_ text: String) throws -> String {
        guard isLetters(text) else { throw InvalidValue(expected: "a country code of two letters such as US") }
        return text.uppercased()
    }

    /// `en` or `en-US` (`EN-us` → `en-US`): an ISO 639-1 language, and maybe a country.
    @Sendable package static func languageTag(_ text: String) throws -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy(isLetters) else {
            throw InvalidValue(expected: "a language code such as en or en-US")
        }
        return ([parts[0].lowercased()] + parts.dropFirst().map { $0.uppercased() }).joined(separator: "-")
    }

    /// Two ASCII letters.
    private static func isLetters(_ text: some StringProtocol) -> Bool { text.count == 2 && text.allSatisfy { $0.isASCII && $0.isLetter } }
}
