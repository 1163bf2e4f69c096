import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// How many kept and paged works have a verified picture, per the catalog.
package struct ImageCoverage: Sendable, Equatable, Codable {
    package var kept = 0
    package var keptVerified = 0
    package var paged = 0
    package var pagedVerified = 0
    /// Kept works whose image failed (for their current URL).
    package var failed = 0
    /// Those failures by ``ImageFailure`` raw value.
    package var failures: [String: Int] = [:]
    /// Good rows in `images` (files on disk, as last recorded) and their size.
    package var files = 0
    package var bytes = 0
    /// The folder of the last `etl images` run, if any.
    package var directory: String?

    package init() {}
}
