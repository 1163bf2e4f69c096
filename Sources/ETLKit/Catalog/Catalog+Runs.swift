import Foundation

extension Catalog {
    /// Adds a `runs` row for a crawl that starts now; returns its ID.
    public func beginRun(mode: String, startedAt: Date) throws -> Int {
        try database.execute(
            sql: "INSERT INTO runs (started_at, mode) VALUES (?, ?)",
            arguments: [.text(Timestamp.string(from: startedAt)), .text(mode)])
        return try database.fetchOne(sql: "SELECT last_insert_rowid() AS id")?.integer(named: "id") ?? 0
    }

    /// Notes the budgets a crawl runs under.
    func recordBudgets(runID: Int, maxDuration: Double?, maxRequests: Int?) throws {
        try database.execute(
            sql: "UPDATE runs SET max_duration_seconds = ?, max_requests = ? WHERE id = ?",
            arguments: [.double(maxDuration), .int(maxRequests), .int(runID)])
    }

    /// Stores a run's final figures.
    public func finishRun(id: Int, summary: CrawlSummary, finishedAt: Date) throws {
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
    public func closeAbandonedRuns() throws {
        try database.execute(sql: "UPDATE runs SET status = 'killed' WHERE status = 'running'")
    }
}
