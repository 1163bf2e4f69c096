import ETLCore
import ETLPictures
import FetchEngine
import Store

extension Catalog {
    /// Stores one minute of a run (replacing a row of the same run and minute).
    package func record(_ minute: RunMinute) throws {
        try database.execute(
            sql: """
                INSERT OR REPLACE INTO run_minutes (
                    kind, run_started_at, run_id, minute, started_at, seconds, requests, ok, gone, failed,
                    retries, refusals, noise, blocks, bytes, rate_in_force, rate_achieved, ceiling, objects, complete)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                .text(minute.kind.rawValue), .text(minute.runStartedAt), .int(minute.runID), .int(minute.minute),
                .text(minute.startedAt), .double(minute.seconds), .int(minute.requests), .int(minute.ok),
                .int(minute.gone), .int(minute.failed), .int(minute.retries), .int(minute.refusals),
                .int(minute.noise), .int(minute.blocks), .int(minute.bytes), .double(minute.rateInForce),
                .double(minute.rateAchieved), .double(minute.ceiling), .int(minute.objects), .int(minute.complete),
            ])
    }
}
