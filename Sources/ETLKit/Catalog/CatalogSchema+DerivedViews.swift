import Store

/// Views that today's code generates from a vocabulary (the rejection views,
/// from ``RejectionReason``). The migration steps make them as each version
/// shipped; when the enum grows, their definition changes with no schema
/// version, so every open compares each one's stored SQL with today's and
/// rebuilds them when one differs (or is missing). Not a version bump: the
/// tables are untouched and an older etl reads the views as well.
extension CatalogSchema {
    /// Today's definition of each derived view, in creation order (a later
    /// one reads an earlier one).
    static var derivedViews: [(name: String, sql: String)] {
        [
            ("rejections", RejectionReason.rejectionsViewSQL),
            ("rejected_objects", RejectionReason.rejectedObjectsViewSQL),
        ]
    }

    /// The derived views whose SQL in `sqlite_master` is not today's.
    static func staleDerivedViews(in database: Database) throws -> [String] {
        let stored = try database.fetchAll(sql: "SELECT name, sql FROM sqlite_master WHERE type = 'view'")
            .reduce(into: [String: String]()) { views, row in
                if let name = try row.text(named: "name") { views[name] = try row.text(named: "sql") }
            }
        return derivedViews.filter { stored[$0.name] != $0.sql }.map(\.name)
    }

    /// Rebuilds the derived views when one is stale, in one write
    /// transaction that looks again (another process opening the catalog may
    /// have rebuilt them meanwhile). Returns the names that were stale.
    @discardableResult
    static func refreshDerivedViews(_ database: Database) throws -> [String] {
        guard try !staleDerivedViews(in: database).isEmpty else { return [] }
        return try database.transaction {
            let stale = try staleDerivedViews(in: database)
            guard !stale.isEmpty else { return [] }
            // All of them, last first: a view may read another.
            for view in derivedViews.reversed() {
                try database.execute(sql: "DROP VIEW IF EXISTS \(view.name)")
            }
            for view in derivedViews {
                try database.execute(sql: view.sql)
            }
            return stale
        }
    }
}
