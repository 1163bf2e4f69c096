import Foundation

extension Catalog {
    /// Records a full `/objects` listing: new IDs are queued, known IDs the
    /// listing no longer names are marked withdrawn, and withdrawn IDs it
    /// names again come back (and are fetched again).
    /// Throws ``CrawlError/tooManyWithdrawn(url:withdrawn:listed:limit:)``,
    /// changing nothing, when more than `maxWithdraw` would be withdrawn.
    public func registerListing(ids: [Int], at date: Date, maxWithdraw: WithdrawLimit = .any) throws -> ListingChanges {
        try database.transaction {
            try loadIDSet(ids)
            try maxWithdraw.check(self)
            let added = try insertUnknownIDs()
            try database.execute(
                sql: """
                    UPDATE objects SET is_listed = 0, withdrawn_at = ?
                     WHERE is_listed = 1 AND object_id NOT IN (SELECT object_id FROM id_set)
                    """,
                arguments: [.text(Timestamp.string(from: date))])
            let withdrawn = database.changesCount
            try database.execute(sql: """
                UPDATE objects SET is_listed = 1, withdrawn_at = NULL, needs_fetch = 1
                 WHERE is_listed = 0 AND object_id IN (SELECT object_id FROM id_set)
                """)
            let relisted = database.changesCount
            return ListingChanges(added: added, withdrawn: withdrawn, relisted: relisted)
        }
    }

    /// Queues `ids` for fetching, adding those the catalog does not know.
    /// Returns how many known objects this queued again (new ones excluded).
    @discardableResult
    public func markForFetch(ids: [Int]) throws -> Int {
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
    public func markAllForFetch() throws {
        try database.execute(sql: """
            DELETE FROM object_reasons WHERE object_id IN (SELECT object_id FROM objects WHERE planned_out = 1);
            UPDATE objects SET planned_out = 0 WHERE planned_out = 1;
            UPDATE objects SET needs_fetch = 1 WHERE is_listed = 1 AND needs_fetch = 0;
            """)
    }

    /// The IDs waiting to be fetched: never fetched and failed ones first,
    /// then re-fetches, each group by ascending ID.
    public func queuedIDs() throws -> [Int] {
        var ids: [Int] = []
        let statement = try database.makeStatement(sql: """
            SELECT object_id FROM objects
             WHERE needs_fetch = 1 AND is_listed = 1
             ORDER BY state NOT IN ('pending', 'failed'), object_id
            """)
        try statement.forEachInteger { ids.append(Int($0)) }
        return ids
    }

    /// Stores a batch of results in one transaction.
    public func record(_ results: [FetchResult]) throws {
        guard !results.isEmpty else { return }
        try database.transaction {
            let writer = try ResultWriter(database: database)
            for result in results {
                try writer.write(result)
            }
        }
    }
}

extension Catalog {
    /// Adds IDs from an `--ids` file that the catalog does not know yet;
    /// new ones are queued, known ones keep their state.
    public func registerIDs(_ ids: [Int]) throws {
        try database.transaction {
            try loadIDSet(ids)
            try insertUnknownIDs()
        }
    }
}

extension Catalog {
    /// Takes never-fetched objects the CSV shows cannot pass out of the
    /// queue, recording the CSV's reasons in `rejections`. Returns how many.
    @discardableResult
    public func planOut(_ plan: CrawlPlan, ids: [Int]) throws -> Int {
        try database.transaction {
            let markPlannedOut = try database.makeStatement(sql: """
                UPDATE objects SET needs_fetch = 0, planned_out = 1
                 WHERE object_id = ? AND state = 'pending'
                """)
            let insertReason = try database.makeStatement(sql: "INSERT OR IGNORE INTO object_reasons (object_id, reason) VALUES (?, ?)")
            var count = 0
            for id in ids {
                let reasons = plan.reasons(for: id)
                guard !reasons.isEmpty else { continue }
                try markPlannedOut.execute(arguments: [.integer(Int64(id))])
                guard database.changesCount > 0 else { continue }
                count += 1
                for reason in reasons {
                    try insertReason.execute(arguments: [.integer(Int64(id)), .text(reason)])
                }
            }
            return count
        }
    }
}
