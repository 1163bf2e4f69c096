import ETLCore
import SourceKit

/// What `etl crawl --source tmdb` asks for: the options ``settings`` declares.
package struct TMDBQuery: SourceSettings {
    package var region: String?
    package var language: String?
    /// Base of poster URLs; tests point it at the mock.
    package var imageBase = "https://image.tmdb.org/t/p/w500"

    package init() {}

    package static let source = TMDBSource.name

    package static let settings: [SourceSetting<Self>] = [
        .option(\.region, "region", "code", "TMDB: the country whose release dates and ratings apply, e.g. US.", parse: region),
        .option(\.language, "language", "code", "TMDB: the language of titles and overviews, e.g. en or en-US.", parse: language),
        .hidden(\.imageBase, "image-base"),
    ]

    /// `us` → `US`: an ISO 3166-1 code, two letters.
    @Sendable static func region(_ text: String) throws -> String {
        guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw InvalidValue(expected: "a country code of two letters such as US")
        }
        return text.uppercased()
    }

    /// `en` or `en-US` (`EN-us` → `en-US`): a language, and maybe a country.
    @Sendable static func language(_ text: String) throws -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } })
        else {
            throw InvalidValue(expected: "a language code such as en or en-US")
        }
        return ([parts[0].lowercased()] + parts.dropFirst().map { $0.uppercased() }).joined(separator: "-")
    }
}
