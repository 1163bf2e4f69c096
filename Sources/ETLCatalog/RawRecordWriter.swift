import ETLCore
import Store

/// The one writer of `objects_raw` and `object_reasons`: an object's
/// answer as the source sent it, and the reasons it is not a work, replaced
/// as a whole each time the object is read. Statements are prepared once
/// per batch; the caller's transaction holds them.
package struct RawRecordWriter {
    private let upsertRaw: Statement
    private let clearReasons: Statement
    private let insertReason: Statement

    package init(database: Database) throws {
        upsertRaw = try database.makeStatement(sql: """
            INSERT INTO objects_raw (object_id, raw_json) VALUES (?, ?)
            ON CONFLICT (object_id) DO UPDATE SET raw_json = excluded.raw_json
            """)
        clearReasons = try database.makeStatement(sql: "DELETE FROM object_reasons WHERE object_id = ?")
        insertReason = try database.makeStatement(sql: "INSERT OR IGNORE INTO object_reasons (object_id, reason) VALUES (?, ?)")
    }

    /// Keeps `raw` (the body's bytes, or a listed item's JSON text) as the
    /// object's answer and `reasons` as all of its stored reasons.
    package func write(id: DatabaseValue, raw: DatabaseValue, reasons: [RejectionReason]) throws {
        try upsertRaw.execute(arguments: [id, raw])
        try replaceReasons(of: id, with: reasons)
    }

    /// Makes `reasons` all of the object's stored reasons (none: an object
    /// gone or with a bad ID is no longer judged on its last answer).
    package func replaceReasons(of id: DatabaseValue, with reasons: [RejectionReason]) throws {
        try clearReasons.execute(arguments: [id])
        try add(reasons, to: id)
    }

    /// Adds `reasons` to the object's stored ones (a plan's reasons for an
    /// object it takes out of the queue before it is ever read).
    package func add(_ reasons: [RejectionReason], to id: DatabaseValue) throws {
        for reason in Set(reasons) { try insertReason.execute(arguments: [id, .text(reason.rawValue)]) }
    }
}
