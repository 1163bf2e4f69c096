import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import Store

extension Catalog {
    /// Adds a `runs` row for a crawl that starts now; returns its ID.
    package func beginRun(mode: String, startedAt: Date) throws -> Int {
        try database.execute(
            sql: "INSERT INTO runs (started_at, mode) VALUES (?, ?)",
            arguments: [.text(Timestamp.string(from: startedAt)), .text(mode)])
        return try database.fetchOne(sql: "SELECT last_insert_rowid() AS id")?.integer(named: "id") ?? 0
    }

    /// Notes the budgets a crawl runs under.
    package func recordBudgets(runID: Int, maxDuration: Double?, maxRequests: Int?) throws {
        try database.execute(
            sql: "UPDATE runs SET max_duration_seconds = ?, max_requests = ? WHERE id = ?",
            arguments: [.double(maxDuration), .int(maxRequests), .int(runID)])
    }

    /// Whether any crawl has completed on this catalog.
    package func hasCompletedRun() throws -> Bool {
        try database.fetchOne(sql: "SELECT EXISTS (SELECT 1 FROM runs WHERE status = 'completed') AS done")?
            .integer(named: "done") == 1
    }

    /// Removes a run that never got an answer from the API, with its
    /// telemetry, so it does not read as history.
    package func discardRun(id: Int) throws {
        try database.transaction {
            try database.execute(sql: "DELETE FROM run_minutes WHERE run_id = ?", arguments: [.int(id)])
            try database.execute(sql: "DELETE FROM runs WHERE id = ?", arguments: [.int(id)])
        }
    }

    /// When `error` says the API never answered a catalog that has never
    /// completed a run, the run is discarded and the error says what to do
    /// next (``CrawlError/neverReached(url:reason:request:)``); otherwise nil, and the
    /// run is recorded as usual.
    package func discardUnreachableFirstRun(id: Int, after error: any Error) -> CrawlError? {
        guard case CrawlError.unreachable(let url, let reason, let request) = error,
              (try? hasCompletedRun()) == false,
              (try? discardRun(id: id)) != nil
        else { return nil }
        return .neverReached(url: url, reason: reason, request: request)
    }

    /// Stores a run's final figures.
    package func finishRun(id: Int, summary: CrawlSummary, finishedAt: Date) throws {
        try database.execute(
            sql: """
                UPDATE runs SET finished_at = ?, status = ?, listed = ?, queued = ?, requests = ?,
                    fetched = ?, kept = ?, kept_delta = ?, gone = ?, failed = ?, bad_ids = ?, withdrawn = ?,
                    blocks = ?, retries = ?, duration_seconds = ?, achieved_rate = ?,
                    page_lines_changed = ?, error = ?
                 WHERE id = ?
                """,
            arguments: [
                .text(Timestamp.string(from: finishedAt)), .text(summary.status.rawValue), .int(summary.listed),
                .int(summary.queued), .int(summary.requests), .int(summary.fetched), .int(summary.kept),
                .int(summary.keptDelta), .int(summary.gone), .int(summary.failed), .int(summary.badIDs),
                .int(summary.withdrawn), .int(summary.blocks), .int(summary.retries),
                .double(summary.durationSeconds), .double(summary.achievedRate),
                .int(summary.pageLinesChanged), .text(summary.error), .int(id),
            ])
    }

    /// Marks runs left `running` by a killed process as `killed`, so
    /// `etl status` does not show them as live. Called under the crawl lock.
    package func closeAbandonedRuns() throws {
        try database.execute(sql: "UPDATE runs SET status = 'killed' WHERE status = 'running'")
    }
}
