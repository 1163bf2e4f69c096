import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import Store

extension Catalog {
    /// Records a full `/objects` listing: new IDs are queued, known IDs the
    /// listing no longer names are marked withdrawn, and withdrawn IDs it
    /// names again come back (and are fetched again).
    /// Throws ``CrawlError/tooManyWithdrawn(url:withdrawn:listed:limit:)``,
    /// changing nothing, when more than `maxWithdraw` would be withdrawn.
    package func registerListing(ids: [Int], at date: Date, maxWithdraw: WithdrawLimit = .any) throws -> ListingChanges {
        try database.transaction {
            try loadIDSet(ids)
            try maxWithdraw.check(self)
            let added = try insertUnknownIDs()
            let (withdrawn, relisted) = try withdrawOutsideIDSet(at: date, queueRelisted: true)
            return ListingChanges(added: added, withdrawn: withdrawn, relisted: relisted)
        }
    }

    /// Inside the caller's transaction, for a listing read whole and loaded
    /// into `id_set`: marks withdrawn the listed objects it lacks, and
    /// listed again the withdrawn ones it names (queued for fetching when
    /// `queueRelisted`: a listing of IDs only). Returns both counts.
    package func withdrawOutsideIDSet(at date: Date, queueRelisted: Bool) throws -> (withdrawn: Int, relisted: Int) {
        try database.execute(
            sql: """
                UPDATE objects SET is_listed = 0, withdrawn_at = ?
                 WHERE is_listed = 1 AND object_id NOT IN (SELECT object_id FROM id_set)
                """,
            arguments: [.text(Timestamp.string(from: date))])
        let withdrawn = database.changesCount
        try database.execute(sql: """
            UPDATE objects SET is_listed = 1, withdrawn_at = NULL\(queueRelisted ? ", needs_fetch = 1" : "")
             WHERE is_listed = 0 AND object_id IN (SELECT object_id FROM id_set)
            """)
        return (withdrawn, database.changesCount)
    }

    /// Queues `ids` for fetching, adding those the catalog does not know.
    /// Returns how many known objects this queued again (new ones excluded).
    @discardableResult
    package func markForFetch(ids: [Int]) throws -> Int {
        try database.transaction {
            try loadIDSet(ids)
            try insertUnknownIDs()
            try database.execute(sql: """
                UPDATE objects SET needs_fetch = 1
                 WHERE needs_fetch = 0 AND is_listed = 1 AND object_id IN (SELECT object_id FROM id_set)
                """)
            let queuedAgain = database.changesCount
            // A changed object is fetched like any other, whatever the CSV said.
            try database.execute(sql: """
                DELETE FROM object_reasons WHERE object_id IN (
                    SELECT object_id FROM objects WHERE planned_out = 1 AND object_id IN (SELECT object_id FROM id_set));
                UPDATE objects SET planned_out = 0 WHERE planned_out = 1 AND object_id IN (SELECT object_id FROM id_set);
                """)
            return queuedAgain
        }
    }

    /// Queues every listed object (`--full`), planned-out ones included.
    package func markAllForFetch() throws {
        try database.execute(sql: """
            DELETE FROM object_reasons WHERE object_id IN (SELECT object_id FROM objects WHERE planned_out = 1);
            UPDATE objects SET planned_out = 0 WHERE planned_out = 1;
            UPDATE objects SET needs_fetch = 1 WHERE is_listed = 1 AND needs_fetch = 0;
            """)
    }

    /// The IDs waiting to be fetched: never fetched and failed ones first,
    /// then re-fetches, each group by ascending ID.
    package func queuedIDs() throws -> [Int] {
        var ids: [Int] = []
        let statement = try database.makeStatement(sql: """
            SELECT object_id FROM objects
             WHERE needs_fetch = 1 AND is_listed = 1
             ORDER BY state NOT IN (\(ObjectState.pending.sql), \(ObjectState.failed.sql)), object_id
            """)
        try statement.forEachInteger { ids.append(Int($0)) }
        return ids
    }

    /// Stores a batch of results in one transaction.
    package func record<Writer: ResultWriting>(_ results: [FetchResult<Writer.Record>], writer: Writer.Type) throws {
        guard !results.isEmpty else { return }
        try database.transaction {
            let writer = try Writer(database: database)
            for result in results {
                try writer.write(result)
            }
        }
    }
}

extension Catalog {
    /// Adds IDs from an `--ids` file that the catalog does not know yet;
    /// new ones are queued, known ones keep their state.
    package func registerIDs(_ ids: [Int]) throws {
        try database.transaction {
            try loadIDSet(ids)
            try insertUnknownIDs()
        }
    }
}
