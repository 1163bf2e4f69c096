import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

extension Catalog {
    /// Takes never-fetched objects the CSV shows cannot pass out of the
    /// queue, recording the CSV's reasons in `rejections`. Returns how many.
    @discardableResult
    package func planOut(_ plan: CrawlPlan, ids: [Int]) throws -> Int {
        try database.transaction {
            let markPlannedOut = try database.makeStatement(sql: """
                UPDATE objects SET needs_fetch = 0, planned_out = 1
                 WHERE object_id = ? AND state = \(ObjectState.pending.sql)
                """)
            let reasonWriter = try RawRecordWriter(database: database)
            var count = 0
            for id in ids {
                let reasons = plan.reasons(for: id)
                guard !reasons.isEmpty else { continue }
                try markPlannedOut.execute(arguments: [.integer(Int64(id))])
                guard database.changesCount > 0 else { continue }
                count += 1
                try reasonWriter.add(reasons, to: .integer(Int64(id)))
            }
            return count
        }
    }
}
