import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// What `etl plan` tells: how the CSV splits the work and what it saves.
package struct PlanReport: Sendable, Equatable, Codable {
    package var listed = 0
    package var likelyComplete = 0
    /// Listed IDs the CSV does not have (newer than the snapshot).
    package var unknown = 0
    /// Listed IDs whose CSV row shows they cannot pass.
    package var cannotPass = 0
    package var reasons: [RejectionReason: Int] = [:]
    package var csvRows = 0
    package var csvBadRows = 0
    /// Object requests for a full crawl, and with `--csv-skip`.
    package var requestsWithoutSkip = 0
    package var requestsWithSkip = 0
    /// The rate the times are computed at, in requests per second.
    package var rate = 1.0
    package var secondsWithoutSkip = 0.0
    package var secondsWithSkip = 0.0

    package init() {}
}
