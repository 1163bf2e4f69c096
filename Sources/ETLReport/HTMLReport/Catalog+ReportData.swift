import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

extension Catalog {
    /// What `etl report` shows, with the last `runLimit` crawls in detail
    /// and the kept works counted by each of `facets`.
    package func reportData(runLimit: Int, facets: [WorkFacet]) throws -> ReportData {
        // One snapshot for every figure, even while a crawl commits.
        try database.execute(sql: "BEGIN")
        defer { try? database.execute(sql: "COMMIT") }
        let status = try status(runLimit: runLimit)
        let runs = try database.fetchAll(sql: """
            SELECT id, started_at, status, mode, queued, requests, fetched, kept, kept_delta, gone, failed, bad_ids,
                   blocks, retries, duration_seconds, achieved_rate, max_duration_seconds, max_requests, error
              FROM runs ORDER BY id
            """).map { row in
            ReportData.Run(
                id: try row.integer(named: "id") ?? 0, startedAt: try row.text(named: "started_at") ?? "",
                status: try row.text(named: "status") ?? "", mode: try row.text(named: "mode") ?? "",
                queued: try row.integer(named: "queued") ?? 0, requests: try row.integer(named: "requests") ?? 0,
                fetched: try row.integer(named: "fetched") ?? 0, kept: try row.integer(named: "kept") ?? 0,
                keptDelta: try row.integer(named: "kept_delta") ?? 0, gone: try row.integer(named: "gone") ?? 0,
                failed: try row.integer(named: "failed") ?? 0, badIDs: try row.integer(named: "bad_ids") ?? 0,
                blocks: try row.integer(named: "blocks") ?? 0, retries: try row.integer(named: "retries") ?? 0,
                durationSeconds: try row.real(named: "duration_seconds") ?? 0,
                achievedRate: try row.real(named: "achieved_rate") ?? 0,
                maxDurationSeconds: try row.real(named: "max_duration_seconds"),
                maxRequests: try row.integer(named: "max_requests"), error: try row.text(named: "error"))
        }
        let detailed = Array(runs.suffix(runLimit).map(\.id).reversed())
        var minutes: [Int: [ReportData.Minute]] = [:]
        if let oldest = detailed.last {
            for row in try database.fetchAll(
                sql: """
                    SELECT run_id, minute, seconds, requests, ok, gone, failed, retries, refusals, blocks, rate_in_force, ceiling
                      FROM run_minutes WHERE run_id >= ? ORDER BY run_id, minute
                    """,
                arguments: [.int(oldest)]) {
                let minute = ReportData.Minute(
                    runID: try row.integer(named: "run_id") ?? 0, minute: try row.integer(named: "minute") ?? 0,
                    seconds: try row.real(named: "seconds") ?? 0, requests: try row.integer(named: "requests") ?? 0,
                    ok: try row.integer(named: "ok") ?? 0, gone: try row.integer(named: "gone") ?? 0,
                    failed: try row.integer(named: "failed") ?? 0, retries: try row.integer(named: "retries") ?? 0,
                    refusals: try row.integer(named: "refusals") ?? 0, blocks: try row.integer(named: "blocks") ?? 0,
                    rateInForce: try row.real(named: "rate_in_force"), ceiling: try row.real(named: "ceiling"))
                minutes[minute.runID, default: []].append(minute)
            }
        }
        // A facet's column is an identifier its source declares (checked by
        // WorkFacet), never text from the catalog or the command line.
        // Grouped by the bare column, so its index (department,
        // classification) serves; blank text is stored NULL.
        let facetCounts = try facets.map { facet in
            ReportData.FacetCounts(facet: facet, counts: try database.fetchAll(sql: """
                SELECT coalesce("\(facet.column)", '') AS name, count(*) AS n FROM works
                 GROUP BY "\(facet.column)" ORDER BY n DESC, name
                """).map { ReportData.Count(name: try $0.text(named: "name") ?? "", count: try $0.integer(named: "n") ?? 0) })
        }
        var centuries = try database.fetchAll(sql: """
            SELECT \(Self.centurySQL) AS century, count(*) AS n FROM works
             WHERE object_begin_date IS NOT NULL GROUP BY century ORDER BY century
            """).map { ReportData.Count(name: Self.centuryName(try $0.integer(named: "century") ?? 0), count: try $0.integer(named: "n") ?? 0) }
        let undated = try database.fetchOne(sql: "SELECT count(*) AS n FROM works WHERE object_begin_date IS NULL")?.integer(named: "n") ?? 0
        if undated > 0 { centuries.append(ReportData.Count(name: "unknown", count: undated)) }
        return ReportData(
            catalogPath: path, status: status, runs: runs, minutes: minutes, facets: facetCounts,
            centuries: centuries, detailedRunIDs: detailed, imageRuns: try imageRuns(limit: runLimit))
    }

    /// The minutes of the last `limit` image runs, newest run first.
    private func imageRuns(limit: Int) throws -> [ReportData.ImageRun] {
        var runs: [ReportData.ImageRun] = []
        for row in try database.fetchAll(
            sql: """
                SELECT run_started_at, minute, seconds, requests, ok, gone, failed, retries, refusals, blocks,
                       rate_in_force, ceiling, bytes
                  FROM run_minutes
                 WHERE kind = 'images' AND run_started_at IN (
                       SELECT DISTINCT run_started_at FROM run_minutes WHERE kind = 'images'
                        ORDER BY run_started_at DESC LIMIT ?)
                 ORDER BY run_started_at DESC, minute
                """,
            arguments: [.int(limit)]) {
            let startedAt = try row.text(named: "run_started_at") ?? ""
            let minute = ReportData.Minute(
                runID: 0, minute: try row.integer(named: "minute") ?? 0,
                seconds: try row.real(named: "seconds") ?? 0, requests: try row.integer(named: "requests") ?? 0,
                ok: try row.integer(named: "ok") ?? 0, gone: try row.integer(named: "gone") ?? 0,
                failed: try row.integer(named: "failed") ?? 0, retries: try row.integer(named: "retries") ?? 0,
                refusals: try row.integer(named: "refusals") ?? 0, blocks: try row.integer(named: "blocks") ?? 0,
                rateInForce: try row.real(named: "rate_in_force"), ceiling: try row.real(named: "ceiling"))
            if runs.last?.startedAt != startedAt {
                runs.append(ReportData.ImageRun(startedAt: startedAt, minutes: [], bytes: 0))
            }
            runs[runs.count - 1].minutes.append(minute)
            runs[runs.count - 1].bytes += try row.integer(named: "bytes") ?? 0
        }
        return runs
    }

    /// `19th c.`, `1st c. BCE`.
    package static func centuryName(_ century: Int) -> String {
        let number = abs(century)
        let suffix: String
        switch (number % 100, number % 10) {
        case (11...13, _): suffix = "th"
        case (_, 1): suffix = "st"
        case (_, 2): suffix = "nd"
        case (_, 3): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix) c." + (century < 0 ? " BCE" : "")
    }
}
