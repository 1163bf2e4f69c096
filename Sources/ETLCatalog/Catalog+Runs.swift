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
    /// `etl status` does not show them as live, with the figures they
    /// stored: the answers written in their time (objects fetched, gone or
    /// with a bad ID since they began, until the next run began), the
    /// telemetry minutes they finished (requests, failures, retries,
    /// blocks, when more than the answers show), their time until the last
    /// thing they stored, and the works their answers make, which only a
    /// finished run writes to `works`. Called under the crawl lock, before
    /// the next run counts its own kept works (``keptCount()``), so those
    /// are not counted twice.
    package func closeAbandonedRuns() throws {
        let abandoned = try database.fetchAll(sql: "SELECT id FROM runs WHERE status = 'running' ORDER BY id").compactMap { try $0.integer(named: "id") }
        guard let last = abandoned.last else { return }
        let works = try database.fetchOne(sql: "SELECT count(*) AS n FROM works")?.integer(named: "n") ?? 0
        let kept = try keptCount()
        try database.transaction {
            for id in abandoned {
                try database.execute(sql: """
                    WITH span AS (
                        SELECT r.started_at AS since,
                               coalesce((SELECT min(n.started_at) FROM runs n WHERE n.id > r.id), '9999') AS until
                          FROM runs r WHERE r.id = ?1),
                    stored AS (
                        SELECT count(*) FILTER (WHERE state = \(ObjectState.fetched.sql)) AS fetched,
                               count(*) FILTER (WHERE state = \(ObjectState.gone.sql)) AS gone,
                               count(*) FILTER (WHERE state = \(ObjectState.badID.sql)) AS bad_ids,
                               max(fetched_at) AS last_at
                          FROM objects, span WHERE fetched_at >= span.since AND fetched_at < span.until),
                    minutes AS (
                        SELECT sum(requests) AS requests, sum(failed) AS failed, sum(retries) AS retries,
                               sum(blocks) AS blocks, max(julianday(started_at) + seconds / 86400.0) AS last_day
                          FROM run_minutes WHERE run_id = ?1 AND kind = 'crawl')
                    UPDATE runs SET status = 'killed',
                        fetched = stored.fetched, gone = stored.gone, bad_ids = stored.bad_ids,
                        requests = max(coalesce(minutes.requests, 0), stored.fetched + stored.gone + stored.bad_ids),
                        failed = coalesce(minutes.failed, 0), retries = coalesce(minutes.retries, 0),
                        blocks = coalesce(minutes.blocks, 0),
                        duration_seconds = max(0, (max(coalesce(julianday(stored.last_at), 0), coalesce(minutes.last_day, 0))
                                                   - julianday(runs.started_at)) * 86400.0),
                        kept = CASE WHEN runs.id = ?2 THEN ?3 ELSE kept END,
                        kept_delta = CASE WHEN runs.id = ?2 THEN ?3 - ?4 ELSE 0 END
                      FROM stored, minutes
                     WHERE runs.id = ?1
                    """, arguments: [.int(id), .int(last), .int(kept), .int(works)])
            }
        }
    }
}
