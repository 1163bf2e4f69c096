import FetchEngine

/// How each source is crawled unless the command line says otherwise;
/// `etl crawl` reads these for options not given, and `--help` shows
/// them. (The default catalog, pages and API are in `SourceName.swift`.)
extension SourceName {
    /// `--rate`: Flickr allows 3,600 calls an hour per API key, so a fixed
    /// one a second; nil keeps `auto`.
    public var defaultRate: RateSetting? {
        self == .flickr ? .fixed(1) : nil
    }

    /// `--rate-max`: TMDB's limit is about 40 requests a second, and it
    /// answers 429 above; nil keeps the default.
    public var defaultRateMax: Double? {
        self == .tmdb ? 40 : nil
    }

    /// `--max-withdraw`: today's now-playing list replaces a good part of
    /// yesterday's (new releases on Thursdays), so TMDB allows half; a list
    /// that comes back nearly empty is still refused. nil keeps 10%.
    public var defaultMaxWithdrawPercent: Double? {
        self == .tmdb ? 50 : nil
    }
}
