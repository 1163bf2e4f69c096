import ETLCore
import SourceKit

/// What `etl crawl --source tmdb` asks for.
package struct TMDBQuery: Sendable, Equatable {
    /// `--region`: ISO 3166-1 code, e.g. `US`.
    package var region: String?
    /// `--language`: e.g. `en-US`.
    package var language: String?
    /// Base of poster URLs; tests point it at the mock.
    package var imageBase = "https://image.tmdb.org/t/p/w500"

    package init() {}

    /// The query as kept in a crawl's ``CrawlOptions/sourceSettings``.
    package init(settings: [String: String]) {
        self.init()
        region = settings[Self.key("region")]
        language = settings[Self.key("language")]
        imageBase = settings[Self.key("image-base")] ?? imageBase
    }

    /// Keeps the query in `settings`, where ``init(settings:)`` reads it.
    package func store(in settings: inout [String: String]) {
        settings[Self.key("region")] = region
        settings[Self.key("language")] = language
        settings[Self.key("image-base")] = imageBase == TMDBQuery().imageBase ? nil : imageBase
    }

    private static func key(_ name: String) -> String { SourceOption.key(name, of: TMDBSource.name) }

    /// The options of `etl crawl` that only TMDB takes.
    static let options: [SourceOption] = [
        SourceOption(
            "region", "code", "TMDB: the country whose release dates and ratings apply, e.g. US.", source: TMDBSource.name,
            parse: region),
        SourceOption(
            "language", "code", "TMDB: the language of titles and overviews, e.g. en or en-US.", source: TMDBSource.name,
            parse: language),
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

extension CrawlOptions {
    /// `--source tmdb`: region and language.
    package var tmdb: TMDBQuery {
        get { TMDBQuery(settings: sourceSettings) }
        set { newValue.store(in: &sourceSettings) }
    }
}
