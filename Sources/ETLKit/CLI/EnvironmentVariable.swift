/// An environment variable a command reads, as its `--help` names it.
public struct EnvironmentVariable: Sendable, Equatable {
    public let name: String
    public let help: String

    public init(_ name: String, _ help: String) {
        self.name = name
        self.help = help
    }

    /// The sources' credentials (`SourceCredential` reads them); only the
    /// source that needs one looks.
    static let credentials: [EnvironmentVariable] = [
        EnvironmentVariable("FLICKR_API_KEY", "The Flickr API key; needed by --source flickr."),
        EnvironmentVariable(
            "TMDB_READ_TOKEN", "TMDB's API read access token, sent as a Bearer header; needed by --source tmdb (or TMDB_API_KEY)."),
        EnvironmentVariable("TMDB_API_KEY", "TMDB's v3 API key, used when TMDB_READ_TOKEN is not set."),
    ]

    /// What libcurl reads on its own for every request.
    static let proxies: [EnvironmentVariable] = [
        EnvironmentVariable("https_proxy", "Proxy for https URLs (also HTTPS_PROXY; http_proxy for http URLs)."),
        EnvironmentVariable("ALL_PROXY", "Proxy for any URL without its own."),
        EnvironmentVariable("NO_PROXY", "Hosts to reach directly, comma-separated."),
    ]
}
