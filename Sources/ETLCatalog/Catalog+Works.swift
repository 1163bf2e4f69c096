import ETLCore
import ETLPictures
import FetchEngine
import Store

extension Catalog {
    /// Recomputes the kept set from `objects`: complete, fetched, listed
    /// objects, keeping the smallest ID of each duplicate key.
    ///
    /// Only rows that differ are written, so an unchanged night leaves
    /// `works` (and its full-text index) untouched.
    @discardableResult
    package func rebuildWorks() throws -> WorksChange {
        try database.transaction {
            // The partial dedup index covers this query in GROUP BY order;
            // without the hint the planner takes objects_by_state and sorts.
            try database.execute(sql: """
                DROP TABLE IF EXISTS temp.kept;
                CREATE TEMP TABLE kept AS \(Self.keptSQL);
                CREATE UNIQUE INDEX temp.kept_by_id ON kept (object_id);
                """)
            try database.execute(sql: "DELETE FROM works WHERE object_id NOT IN (SELECT object_id FROM kept)")
            let removed = database.changesCount
            let added = try database.fetchOne(sql: """
                SELECT count(*) AS n FROM kept WHERE object_id NOT IN (SELECT object_id FROM works)
                """)?.integer(named: "n") ?? 0
            // A first build (or a large change) indexes the text in one pass:
            // per-row FTS triggers cost twice as much as 'rebuild'.
            let before = try database.fetchOne(sql: "SELECT count(*) AS n FROM works")?.integer(named: "n") ?? 0
            let bulk = added > 1_000 && added > before
            if bulk { try database.execute(sql: "DROP TRIGGER works_fts_insert") }
            let columns = PromotedColumns.workColumns
            try database.execute(sql: """
                INSERT INTO works (object_id, \(columns.joined(separator: ", ")))
                SELECT o.object_id, \(columns.map { "o.\($0)" }.joined(separator: ", "))
                  FROM kept JOIN objects o USING (object_id)
                 WHERE true
                ON CONFLICT (object_id) DO UPDATE SET
                    \(columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
                 WHERE (\(columns.map { "works.\($0)" }.joined(separator: ", ")))
                    IS NOT (\(columns.map { "excluded.\($0)" }.joined(separator: ", ")))
                """)
            if bulk {
                try database.execute(sql: """
                    INSERT INTO works_fts (works_fts) VALUES ('rebuild');
                    \(CatalogSchema.fullTextTriggerSQL("insert"));
                    """)
            }
            try database.execute(sql: "DROP TABLE temp.kept")
            let kept = try database.fetchOne(sql: "SELECT count(*) AS n FROM works")?.integer(named: "n") ?? 0
            return WorksChange(added: added, removed: removed, kept: kept)
        }
    }

    /// The IDs of every kept work, ascending.
    /// The works the kept rule makes of `objects` now: the first complete,
    /// fetched, listed object of each dedup key. The partial dedup index
    /// covers it in GROUP BY order; without the hint the planner takes
    /// objects_by_state and sorts.
    static let keptSQL = """
        SELECT min(object_id) AS object_id FROM objects INDEXED BY objects_by_dedup_key
         WHERE is_complete = 1 AND state = \(ObjectState.fetched.sql) AND is_listed = 1
         GROUP BY dedup_key
        """

    /// How many works the kept rule makes of `objects` now. Equal to the
    /// `works` table's count after a finished crawl; after a killed one,
    /// which stored answers but never rebuilt `works`, it counts those too.
    package func keptCount() throws -> Int {
        try database.fetchOne(sql: "SELECT count(*) AS n FROM (\(Self.keptSQL))")?.integer(named: "n") ?? 0
    }

    package func keptIDs() throws -> [Int] {
        var ids: [Int] = []
        try database.makeStatement(sql: "SELECT object_id FROM works ORDER BY object_id")
            .forEachInteger { ids.append(Int($0)) }
        return ids
    }

    /// The page layout last written.
    package func recordedPages() throws -> [[Int]] {
        var pages: [[Int]] = []
        for row in try database.fetchAll(sql: "SELECT object_id, page FROM page_lines ORDER BY page, position") {
            guard let id = try row.integer(named: "object_id"), let page = try row.integer(named: "page"), page >= 1 else { continue }
            while pages.count < page { pages.append([]) }
            pages[page - 1].append(id)
        }
        return pages
    }

    /// Records `pages` (page k holds `pages[k-1]`, in line order) in
    /// `page_lines` and in the `page`/`position` columns of `works`.
    package func recordPages(_ pages: [[Int]]) throws {
        try database.transaction {
            try database.execute(sql: """
                DELETE FROM page_lines;
                UPDATE works SET page = NULL, position = NULL WHERE page IS NOT NULL;
                """)
            let line = try database.makeStatement(sql: "INSERT INTO page_lines (page, position, object_id) VALUES (?, ?, ?)")
            let update = try database.makeStatement(sql: "UPDATE works SET page = ?, position = ? WHERE object_id = ?")
            for (pageIndex, ids) in pages.enumerated() {
                for (position, id) in ids.enumerated() {
                    let arguments: [DatabaseValue] = [
                        .integer(Int64(pageIndex + 1)), .integer(Int64(position + 1)), .integer(Int64(id)),
                    ]
                    try line.execute(arguments: arguments)
                    try update.execute(arguments: arguments)
                }
            }
        }
    }
}
