import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Where a catalog stands: what `etl status` prints.
package struct CatalogStatus: Sendable, Equatable, Codable {
    package struct Run: Sendable, Equatable, Codable {
        package var id: Int
        package var startedAt: String
        package var status: String
        package var mode: String
        package var durationSeconds: Double
        package var requests: Int
        package var blocks: Int
        package var fetched: Int
        package var keptDelta: Int
        package var achievedRate: Double
    }

    /// Whose data the catalog holds.
    package var source = SourceRegistry.first.name
    package var objects = 0
    package var fetched = 0
    package var kept = 0
    package var paged = 0
    package var unpaged = 0
    package var rejected: [RejectionReason: Int] = [:]
    package var gone = 0
    package var badIDs = 0
    package var withdrawn = 0
    package var failed = 0
    package var neverFetched = 0
    /// Never fetched because the open-access CSV shows they cannot pass.
    package var plannedOut = 0
    /// Objects waiting to be fetched (never fetched, failed, changed).
    package var queued = 0
    /// The day the last completed crawl started; incremental runs start from it.
    package var cursor: String?
    package var lastRuns: [Run] = []
    /// Seconds the queue needs at the rate the last run achieved.
    package var backlogSeconds: Double?
    /// How many kept and paged works have a picture verified by `etl images`.
    package var images = ImageCoverage()
    /// Where `etl report` writes by default (beside the catalog), and whether that file exists yet.
    package var reportPath = ""
    package var hasReport = false
    /// The page settings later `crawl` and `pages` runs keep (`pages`,
    /// `page-size`, `order`, `seed`, `require-image`, `bundles`); nil
    /// before any pages were written.
    package var pageSettings: [String: String]?
    /// What `--rate auto` remembers per host, for the next run.
    package var pacing: [Pacing] = []

    package init() {}
}

extension Catalog {
    /// Reads the catalog's status; `runLimit` bounds the runs listed.
    package func status(runLimit: Int = 5) throws -> CatalogStatus {
        var status = CatalogStatus()
        status.source = try recordedSource()
        // Grouping by the columns of objects_by_state, in its order, walks
        // that covering index without sorting: 2.5 times faster than nine
        // sums per row (measured at 100k rows).
        for row in try database.fetchAll(sql: """
            SELECT state, is_listed, is_complete, needs_fetch, planned_out, count(*) AS n
              FROM objects GROUP BY state, is_listed, is_complete, needs_fetch, planned_out
            """) {
            let count = try row.integer(named: "n") ?? 0
            let isListed = try row.integer(named: "is_listed") == 1
            status.objects += count
            switch try row.text(named: "state") {
            case "fetched": status.fetched += count
            case "gone": status.gone += count
            case "bad_id": status.badIDs += count
            case "failed": status.failed += count
            case "pending": status.neverFetched += count
            default: break
            }
            if try row.integer(named: "is_listed") == 0 { status.withdrawn += count }
            if try row.integer(named: "needs_fetch") == 1, isListed { status.queued += count }
            if try row.integer(named: "planned_out") == 1 { status.plannedOut += count }
        }
        let works = try database.fetchOne(sql: """
            SELECT (SELECT count(*) FROM works) AS kept,
                   (SELECT count(*) FROM works WHERE page IS NOT NULL) AS paged
            """)
        status.kept = try works?.integer(named: "kept") ?? 0
        status.paged = try works?.integer(named: "paged") ?? 0
        status.unpaged = status.kept - status.paged
        for row in try database.fetchAll(sql: "SELECT reason, count(*) AS n FROM rejections GROUP BY reason") {
            if let reason = try row.text(named: "reason").flatMap(RejectionReason.init(rawValue:)) { status.rejected[reason] = try row.integer(named: "n") ?? 0 }
        }
        status.images = try imageCoverage()
        status.cursor = try setting(Crawler.cursorKey)
        status.pageSettings = try PagesBuilder.recordedSettings(in: self).map { settings in
            Dictionary(uniqueKeysWithValues: PageSettings.Field.allCases.map { ($0.rawValue, settings.value(of: $0)) })
        }
        status.pacing = try pacingStatus()
        status.lastRuns = try database.fetchAll(
            sql: """
                SELECT id, started_at, status, mode, duration_seconds, requests, blocks, fetched,
                       kept_delta, achieved_rate
                  FROM runs ORDER BY id DESC LIMIT ?
                """,
            arguments: [.integer(Int64(runLimit))]
        ).map { row in
            CatalogStatus.Run(
                id: try row.integer(named: "id") ?? 0, startedAt: try row.text(named: "started_at") ?? "",
                status: try row.text(named: "status") ?? "", mode: try row.text(named: "mode") ?? "",
                durationSeconds: try row.real(named: "duration_seconds") ?? 0, requests: try row.integer(named: "requests") ?? 0,
                blocks: try row.integer(named: "blocks") ?? 0, fetched: try row.integer(named: "fetched") ?? 0,
                keptDelta: try row.integer(named: "kept_delta") ?? 0, achievedRate: try row.real(named: "achieved_rate") ?? 0)
        }
        if let rate = status.lastRuns.first(where: { $0.achievedRate > 0 })?.achievedRate {
            status.backlogSeconds = Double(status.queued) / rate
        }
        return status
    }
}
