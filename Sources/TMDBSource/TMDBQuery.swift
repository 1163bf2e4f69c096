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
        .option(
            \.region, "region", "code", "TMDB: the country whose release dates and ratings apply, e.g. US.", parse: SourceOption.countryCode),
        .option(
            \.language, "language", "code", "TMDB: the language of titles and overviews, e.g. en or en-US.", parse: SourceOption.languageTag),
        .hidden(\.imageBase, "image-base"),
    ]
}
