import FetchEngine

/// How a source is crawled and where its files go unless the command line
/// says otherwise; `--help` shows them beside each option.
package struct SourceDefaults: Sendable {
    /// `--api`.
    package var api: String
    /// The host pictures come from unless `--image-hosts` widens it.
    package var imageHost: String
    package var catalogPath: String
    package var outDirectory: String
    /// Where `etl images` puts the pictures.
    package var imageDirectory: String
    /// `--rate`; nil keeps `auto`.
    package var rate: RateSetting?
    /// `--rate-max`; nil keeps the engine's.
    package var rateMax: Double?
    /// `--max-withdraw`; nil keeps 10%.
    package var maxWithdrawPercent: Double?
    /// `--user-agent`: etl and its version, and what it builds a dataset of.
    package var userAgent: String

    /// The defaults of `name`, whose files go in `data/` when it is the
    /// first source (as they always did) and in `data/<name>/` otherwise.
    package init(
        name: SourceName, isFirst: Bool = false, api: String, imageHost: String,
        rate: RateSetting? = nil, rateMax: Double? = nil, maxWithdrawPercent: Double? = nil, userAgentSubject: String? = nil
    ) {
        self.api = api
        self.imageHost = imageHost
        catalogPath = name.defaultPath("catalog.sqlite", isFirst: isFirst)
        outDirectory = name.defaultPath("pages", isFirst: isFirst)
        imageDirectory = name.defaultPath("images", isFirst: isFirst)
        self.rate = rate
        self.rateMax = rateMax
        self.maxWithdrawPercent = maxWithdrawPercent
        userAgent = Self.userAgent(about: userAgentSubject ?? "the \(name.rawValue) API")
    }

    /// The User-Agent of a crawl of `subject` (e.g. "the Met Collection API"):
    /// servers' logs then say which dataset the requests are for.
    package static func userAgent(about subject: String) -> String {
        "etl/\(ETLVersion.current) (offline dataset builder for \(subject); libcurl)"
    }
}
