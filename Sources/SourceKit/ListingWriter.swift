import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import Store

/// Stores a listing-only source's items as they are listed, batch by
/// batch, and keeps the IDs listed in this run in the temporary table
/// `listed_ids` (on disk, like SQLite's other temporary tables), not in
/// memory: a listing of any length holds one batch at a time.
package final class ListingWriter: ListingStore {
    private let catalog: Catalog
    private let table: SourceTable?
    private let date: Date

    /// A writer of `table`'s items into `catalog`, read at `date`; forgets
    /// any earlier listing on this connection.
    package init(catalog: Catalog, table: SourceTable?, at date: Date) throws {
        self.catalog = catalog
        self.table = table
        self.date = date
        // is_new: the catalog did not know the ID before this listing stored it.
        try catalog.database.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS listed_ids (object_id INTEGER PRIMARY KEY, is_new INTEGER NOT NULL);
            DELETE FROM listed_ids;
            """)
    }

    /// Stores `items` in one transaction; returns how many were listed before.
    package func store(_ items: [ListedItem]) throws -> Int {
        try catalog.database.transaction {
            let listed = try catalog.database.makeStatement(sql: """
                INSERT OR IGNORE INTO listed_ids (object_id, is_new)
                VALUES (?1, NOT EXISTS (SELECT 1 FROM objects WHERE object_id = ?1))
                """)
            var again = 0
            for item in items {
                try listed.execute(arguments: [.integer(Int64(item.id))])
                if catalog.database.changesCount == 0 { again += 1 }
            }
            try catalog.storeRows(items, table: table, at: date)
            return again
        }
    }

    /// Takes `ids` out of this listing. An object this listing added to
    /// the catalog goes as if never stored; one known before keeps its row
    /// as this listing stored it, and a complete listing withdraws it.
    package func unlist(_ ids: [Int]) throws -> Int {
        let database = catalog.database
        return try database.transaction {
            let find = try database.makeStatement(sql: "SELECT is_new FROM listed_ids WHERE object_id = ?")
            let forget = try database.makeStatement(sql: "DELETE FROM listed_ids WHERE object_id = ?")
            // objects_raw and object_reasons go with the object (ON DELETE CASCADE); the source's table does not.
            let own = try table.map { try database.makeStatement(sql: "DELETE FROM \($0.name) WHERE object_id = ?") }
            let object = try database.makeStatement(sql: "DELETE FROM objects WHERE object_id = ?")
            var removed = 0
            for id in Set(ids) {
                let argument = DatabaseValue.integer(Int64(id))
                guard let row = try find.fetchOne(arguments: [argument]) else { continue }
                try forget.execute(arguments: [argument])
                removed += 1
                guard try row.integer(named: "is_new") == 1 else { continue }
                try own?.execute(arguments: [argument])
                try object.execute(arguments: [argument])
            }
            return removed
        }
    }

    /// Stored items that are complete, as stored last.
    package func completeCount() throws -> Int {
        try catalog.database.fetchOne(sql: """
            SELECT count(*) AS n FROM objects WHERE is_complete = 1 AND object_id IN (SELECT object_id FROM listed_ids)
            """)?.integer(named: "n") ?? 0
    }

    /// For a listing read whole: withdraws what it lacks and brings back
    /// what it lists again, unless that withdraws more than `maxWithdraw`
    /// (then nothing is withdrawn; what was listed stays stored).
    package func registerComplete(maxWithdraw: WithdrawLimit) throws -> ListingChanges {
        let database = catalog.database
        return try database.transaction {
            try database.execute(sql: """
                CREATE TEMP TABLE IF NOT EXISTS id_set (object_id INTEGER PRIMARY KEY);
                DELETE FROM id_set;
                INSERT INTO id_set (object_id) SELECT object_id FROM listed_ids;
                """)
            // Measured against what was listed before: the new IDs this listing stored would dilute it.
            try maxWithdraw.check(catalog, excluding: "SELECT object_id FROM listed_ids WHERE is_new = 1")
            let added = try database.fetchOne(sql: "SELECT count(*) AS n FROM listed_ids WHERE is_new = 1")?.integer(named: "n") ?? 0
            // Stored already, so not queued again (needs_fetch stays as the store left it).
            let (withdrawn, relisted) = try catalog.withdrawOutsideIDSet(at: date, queueRelisted: false)
            return ListingChanges(added: added, withdrawn: withdrawn, relisted: relisted)
        }
    }
}
