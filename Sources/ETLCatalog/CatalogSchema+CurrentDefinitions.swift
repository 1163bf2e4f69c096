import ETLCore
import ETLPictures
import FetchEngine
import Store

/// Schema objects whose definition today's code owns rather than one
/// migration step, compared with `sqlite_master` on every open and made
/// again when they differ (or are missing). Not a version bump: no table
/// changes, and an older etl reads the result as well.
///
/// - The views generated from a vocabulary (the rejection views, from the
///   ``ReasonVocabulary`` of the shared and the registered sources'
///   reasons): when it grows, their SQL changes with no schema version.
///   The steps make them as each version shipped.
/// - `objects_by_dedup_key`, whose step text was widened (f8b7a77) after
///   version 1 shipped: a catalog created before that keeps the narrow
///   index, which `rebuildWorks` reads without covering.
extension CatalogSchema {
    /// Today's definition of each derived view, in creation order (a later
    /// one reads an earlier one).
    package static func derivedViews(_ reasons: ReasonVocabulary) -> [(name: String, sql: String)] {
        [
            ("rejections", reasons.rejectionsViewSQL),
            ("rejected_objects", reasons.rejectedObjectsViewSQL),
        ]
    }

    /// Indexes whose text changed without a version, as a fresh catalog has them.
    package static let repairedIndexes: [(name: String, sql: String)] = [
        ("objects_by_dedup_key",
         "CREATE INDEX objects_by_dedup_key ON objects (dedup_key, object_id, state, is_listed) WHERE is_complete = 1"),
    ]

    /// The derived views and repaired indexes whose SQL in `sqlite_master`
    /// is not today's.
    package static func staleDefinitions(in database: Database, reasons: ReasonVocabulary) throws -> [String] {
        let stored = try database.fetchAll(sql: "SELECT name, sql FROM sqlite_master WHERE type IN ('view', 'index')")
            .reduce(into: [String: String]()) { objects, row in
                if let name = try row.text(named: "name") { objects[name] = try row.text(named: "sql") }
            }
        return (derivedViews(reasons) + repairedIndexes).filter { stored[$0.name] != $0.sql }.map(\.name)
    }

    /// Makes the stale definitions again, in one write transaction that
    /// looks again (another process opening the catalog may have done it
    /// meanwhile). Returns the names that were stale.
    @discardableResult
    package static func refreshDefinitions(_ database: Database, reasons: ReasonVocabulary) throws -> [String] {
        let derivedViews = derivedViews(reasons)
        guard try !staleDefinitions(in: database, reasons: reasons).isEmpty else { return [] }
        return try database.transaction {
            let stale = try staleDefinitions(in: database, reasons: reasons)
            if derivedViews.contains(where: { stale.contains($0.name) }) {
                // All of them, last first: a view may read another.
                for view in derivedViews.reversed() {
                    try database.execute(sql: "DROP VIEW IF EXISTS \(view.name)")
                }
                for view in derivedViews {
                    try database.execute(sql: view.sql)
                }
            }
            for index in repairedIndexes where stale.contains(index.name) {
                try database.execute(sql: "DROP INDEX IF EXISTS \(index.name)")
                try database.execute(sql: index.sql)
            }
            return stale
        }
    }
}
