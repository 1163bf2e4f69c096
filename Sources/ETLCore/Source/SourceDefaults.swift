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

    /// The defaults of `name`, whose files go in `data/` when it is the
    /// first source (as they always did) and in `data/<name>/` otherwise.
    package init(
        name: SourceName, isFirst: Bool = false, api: String, imageHost: String,
        rate: RateSetting? = nil, rateMax: Double? = nil, maxWithdrawPercent: Double? = nil
    ) {
        self.api = api
        self.imageHost = imageHost
        catalogPath = name.defaultPath("catalog.sqlite", isFirst: isFirst)
        outDirectory = name.defaultPath("pages", isFirst: isFirst)
        imageDirectory = name.defaultPath("images", isFirst: isFirst)
        self.rate = rate
        self.rateMax = rateMax
        self.maxWithdrawPercent = maxWithdrawPercent
    }
}
