import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// Writes fetch results with statements prepared once per batch.
package struct ResultWriter: ResultWriting {
    private let upsertFetched: Statement
    private let markGone: Statement
    private let markFailed: Statement
    private let rawAndReasons: RawRecordWriter

    package init(database: Database) throws {
        let promoted = PromotedColumns.objectColumns
        upsertFetched = try database.makeStatement(sql: """
            INSERT INTO objects (
                object_id, state, needs_fetch, http_status, fetched_at, attempts, error,
                is_public_domain, primary_image, primary_image_small, artist_display_name, title,
                classification, object_date, medium, object_url, department, metadata_date,
                is_complete, dedup_key, rights, rights_url, \(promoted.joined(separator: ", ")))
            VALUES (?, \(ObjectState.fetched.sql), 0, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?\(String(repeating: ", ?", count: promoted.count)))
            ON CONFLICT (object_id) DO UPDATE SET
                state = \(ObjectState.fetched.sql), needs_fetch = 0, http_status = excluded.http_status,
                fetched_at = excluded.fetched_at, attempts = attempts + excluded.attempts, error = NULL,
                is_public_domain = excluded.is_public_domain,
                primary_image = excluded.primary_image, primary_image_small = excluded.primary_image_small,
                artist_display_name = excluded.artist_display_name, title = excluded.title,
                classification = excluded.classification, object_date = excluded.object_date,
                medium = excluded.medium, object_url = excluded.object_url,
                department = excluded.department, metadata_date = excluded.metadata_date,
                is_complete = excluded.is_complete, dedup_key = excluded.dedup_key, planned_out = 0,
                rights = excluded.rights, rights_url = excluded.rights_url,
                \(promoted.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """)
        // A 404 or 400 is final: keep the last good body for the record, but
        // the object no longer counts as complete.
        markGone = try database.makeStatement(sql: """
            INSERT INTO objects (object_id, state, needs_fetch, http_status, fetched_at, attempts, error)
            VALUES (?, ?, 0, ?, ?, ?, ?)
            ON CONFLICT (object_id) DO UPDATE SET
                state = excluded.state, needs_fetch = 0, http_status = excluded.http_status,
                fetched_at = excluded.fetched_at, attempts = attempts + excluded.attempts,
                error = excluded.error, is_complete = 0, dedup_key = NULL, planned_out = 0
            """)
        // A failure keeps an earlier good result but stays queued for the next run.
        markFailed = try database.makeStatement(sql: """
            INSERT INTO objects (object_id, state, needs_fetch, http_status, attempts, error)
            VALUES (?, \(ObjectState.failed.sql), 1, ?, ?, ?)
            ON CONFLICT (object_id) DO UPDATE SET
                state = CASE WHEN state = \(ObjectState.fetched.sql) THEN \(ObjectState.fetched.sql) ELSE \(ObjectState.failed.sql) END,
                needs_fetch = 1, http_status = excluded.http_status,
                attempts = attempts + excluded.attempts, error = excluded.error
            """)
        rawAndReasons = try RawRecordWriter(database: database)
    }

    package func write(_ result: FetchResult<MetObject>) throws {
        let id = DatabaseValue.integer(Int64(result.objectID))
        let fetchedAt = DatabaseValue.text(Timestamp.string(from: result.fetchedAt))
        let attempts = DatabaseValue.integer(Int64(result.attempts))
        let status = DatabaseValue.int(result.httpStatus)
        switch result.outcome {
        case .fetched(let body, let object):
            let reasons = ObjectFilter.rejectionReasons(for: object, requestedID: result.objectID)
            let isComplete = reasons.isEmpty
            try upsertFetched.execute(arguments: [
                id, status, fetchedAt, attempts,
                .bool(object.isPublicDomain), .text(object.primaryImage), .text(object.primaryImageSmall),
                .text(object.artistDisplayName), .text(object.title), .text(object.classification),
                .text(object.objectDate), .text(object.medium), .text(WebLink.checked(object.objectURL)),
                .text(object.department), .text(object.metadataDate), .bool(isComplete),
                isComplete ? .text(ObjectFilter.duplicateKey(for: object)) : .null,
                // The Met's open-access records (isPublicDomain) are CC0.
                .text(object.isPublicDomain == true ? Rights.cc0.name : nil),
                .text(object.isPublicDomain == true ? Rights.cc0.url : nil),
            ] + PromotedColumns.values(of: object))
            try rawAndReasons.write(id: id, raw: .utf8(body), reasons: reasons)
        case .gone(let message):
            try markGone.execute(arguments: [id, .text(ObjectState.gone.rawValue), status, fetchedAt, attempts, .text(message)])
            try rawAndReasons.replaceReasons(of: id, with: [])
        case .badID(let message):
            try markGone.execute(arguments: [id, .text(ObjectState.badID.rawValue), status, fetchedAt, attempts, .text(message)])
            try rawAndReasons.replaceReasons(of: id, with: [])
        case .failed(let reason):
            try markFailed.execute(arguments: [id, status, attempts, .text(reason)])
        }
    }
}

extension Catalog {
    /// Stores a batch of the Met's results in one transaction.
    package func record(_ results: [MetResult]) throws {
        try record(results, writer: ResultWriter.self)
    }
}
