import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Everything `etl images` can be told.
package struct ImageOptions: Sendable, Equatable {
    /// Picks the default catalog and image host.
    package var source = SourceRegistry.first.name
    package var catalogPath = SourceRegistry.first.name.defaultCatalogPath
    package var directory = SourceRegistry.first.name.defaultImageDirectory
    /// Every kept work, not only the paged ones.
    package var isAll = false
    /// Try again images that failed in earlier runs.
    package var retryFailed = false
    /// Rate, refusals, retries and budgets: the same options as `etl crawl`.
    package var pacing = PacingOptions()
    /// The source's unless `--user-agent` is given.
    package var userAgent = SourceRegistry.first.defaults.userAgent
    /// Larger bodies are refused (`too_large`); originals can be big.
    package var maxBodyBytes = 64 * 1024 * 1024
    /// Decoding limits and the thumbnail's size and format (`--thumb-size`,
    /// `--thumb-format`); the byte limit is ``maxBodyBytes``.
    package var pictures = PictureDecoder.Settings()
    /// The hosts pictures may be fetched from (`--image-hosts` widens it).
    package var imageHosts = ImageHosts()

    /// Seconds per `run_minutes` row: 60; tests shorten it to see several rows.
    package var telemetrySeconds = 60.0
    package init() {}
}
