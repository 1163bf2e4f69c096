/// What `etl crawl --source tmdb` asks for.
public struct TMDBQuery: Sendable, Equatable {
    /// `--region`: ISO 3166-1 code, e.g. `US`.
    public var region: String?
    /// `--language`: e.g. `en-US`.
    public var language: String?
    /// Base of poster URLs; tests point it at the mock.
    public var imageBase = "https://image.tmdb.org/t/p/w500"

    public init() {}
}
