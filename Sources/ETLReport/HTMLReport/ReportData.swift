import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Everything `etl report` shows, read from the catalog in one go.
package struct ReportData: Sendable {
    package struct Run: Sendable, Equatable {
        package var id: Int
        package var startedAt: String
        package var status: String
        package var mode: String
        package var queued: Int
        package var requests: Int
        package var fetched: Int
        package var kept: Int
        package var keptDelta: Int
        package var gone: Int
        package var failed: Int
        package var badIDs: Int
        package var blocks: Int
        package var retries: Int
        package var durationSeconds: Double
        package var achievedRate: Double
        package var maxDurationSeconds: Double?
        package var maxRequests: Int?
        package var error: String?
    }

    /// A `run_minutes` row, as charts use it.
    package struct Minute: Sendable, Equatable {
        package var runID: Int
        package var minute: Int
        package var seconds: Double
        package var requests: Int
        package var ok: Int
        package var gone: Int
        package var failed: Int
        package var retries: Int
        package var refusals: Int
        package var blocks: Int
        package var rateInForce: Double?
        package var ceiling: Double?
    }

    /// An `etl images` run, known only by its minutes.
    package struct ImageRun: Sendable, Equatable {
        package var startedAt: String
        package var minutes: [Minute]
        package var bytes: Int
    }

    package struct Count: Sendable, Equatable {
        package var name: String
        package var count: Int
    }

    /// The kept works counted by one of the source's facets.
    package struct FacetCounts: Sendable, Equatable {
        package var facet: WorkFacet
        /// Largest first; a NULL or blank value counts under "".
        package var counts: [Count]

        /// Whether any work has a value: a chart of only "(none)" says nothing.
        package var hasValues: Bool { counts.contains { !$0.name.isEmpty } }
    }

    package var catalogPath: String
    package var status: CatalogStatus
    /// Every crawl, oldest first.
    package var runs: [Run]
    /// The minutes of the runs the report details, by run ID.
    package var minutes: [Int: [Minute]]
    /// One per facet of the catalog's source, in its order.
    package var facets: [FacetCounts]
    /// Centuries in order, e.g. `19th c.`, `1st c. BCE`; then `unknown`.
    package var centuries: [Count]
    /// The run IDs shown in detail, newest first.
    package var detailedRunIDs: [Int]
    /// The last image runs, newest first.
    package var imageRuns: [ImageRun]
}
