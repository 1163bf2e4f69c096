import ETLCatalog
import ETLCore
import Store

/// A source's columns sit where a fresh catalog has them.
///
/// `ALTER TABLE … ADD COLUMN` appends. A catalog bound to a source before a
/// schema version added shared columns to `works` holds them after the
/// source's own columns, where a fresh catalog holds them before; a source
/// table that gained a column holds it last, where a fresh one holds it
/// where the source declares it. Queries name their columns, but `SELECT *`,
/// an export of a whole table and `PRAGMA table_info` show the difference,
/// and the promise is that an upgraded catalog is a fresh one. The kit owns
/// the columns it adds, so it moves them: each table it touches whose
/// definition is not a fresh catalog's is rebuilt to it, by binding (a
/// crawl) and by every command's open for writing, right after the
/// migrations (`Catalog.openSource`, ETLPipeline). A catalog opened
/// read-only is never changed; ``columnsAsFresh(of:table:)`` gives its
/// columns in a fresh catalog's order for output that shows them all.
extension Catalog {
    /// Makes the source's `table` and the columns it puts on `works` in
    /// `database`: on the catalog (inside ``bind(to:table:legacy:)``'s
    /// transaction) and on the in-memory fresh catalog, so both take the
    /// same steps.
    static func addSourceColumns(_ table: SourceTable, in database: Database) throws {
        try database.execute(sql: table.createSQL)
        // A table made by an earlier release gains the columns added since.
        let columns = Set(try columnNames(of: table.name, in: database))
        for statement in table.addColumnsSQL(existing: columns) { try database.execute(sql: statement) }
        // `works` carries the source's own columns too, so an export or
        // a query of the kept set needs no join for a licence or a date.
        let existing = Set(try columnNames(of: "works", in: database))
        for column in table.columns where !existing.contains(column.name) {
            try database.execute(sql: "ALTER TABLE works ADD COLUMN \(column.name) \(column.type)")
        }
    }

    /// Rebuilds `works` and the source's `table` where their definition
    /// differs from a fresh catalog's bound to the same source; returns the
    /// names of the tables rebuilt (none when they already match, so a
    /// second open changes nothing). A table the catalog lacks is left for
    /// ``bind(to:table:legacy:)`` to make.
    ///
    /// SQLite's table rebuild (https://www.sqlite.org/lang_altertable.html#otheralter),
    /// in one transaction that rolls back on error, with foreign keys off
    /// meanwhile as the page says. It copies the rows aside into a
    /// temporary table, drops the table, creates it with the fresh text and
    /// copies the rows back by column name, then makes its indexes and
    /// triggers again from their saved SQL (dropping the table dropped
    /// them; the full-text triggers come back after the copy, so the index
    /// gets no second entry). The page's order (create the new table under
    /// another name, then rename it) would leave `CREATE TABLE "works"` in
    /// `sqlite_master`, the quoted name a rename writes, not the fresh text;
    /// with no rename, views and other tables' triggers that name the table
    /// need no rewriting either.
    ///
    /// A table holding a column that the fresh one lacks (a column a source
    /// no longer declares) is left as it is: rebuilding it would drop data.
    @discardableResult
    package func orderColumnsAsFresh(_ table: SourceTable) throws -> [String] {
        let fresh = try Self.freshDefinitions(of: table)
        guard try !staleTables(fresh).isEmpty else { return [] }
        // `PRAGMA foreign_keys` does nothing inside a transaction: it is set
        // before, and put back whatever the rebuild gives.
        let enforced = try database.fetchOne(sql: "PRAGMA foreign_keys")?.integer(named: "foreign_keys") == 1
        if enforced { try database.execute(sql: "PRAGMA foreign_keys = OFF") }
        let rebuilt = Result {
            try database.transaction {
                // Looked at again under the write lock: another process may
                // have rebuilt the tables meanwhile.
                let stale = try staleTables(fresh)
                for definition in stale {
                    let broken = enforced ? try foreignKeyViolations(in: definition.name) : 0
                    try rebuild(definition)
                    if enforced, try foreignKeyViolations(in: definition.name) > broken {
                        // SQLite's own words for it (SQLITE_CONSTRAINT).
                        throw DatabaseError(resultCode: 19, message: "FOREIGN KEY constraint failed",
                                            sql: "PRAGMA foreign_key_check(\(definition.name))")
                    }
                }
                return stale.map(\.name)
            }
        }
        if enforced { try database.execute(sql: "PRAGMA foreign_keys = ON") }
        return try rebuilt.get()
    }

    /// One table as a fresh catalog defines it: its `sqlite_master` text and
    /// its column names.
    struct FreshDefinition {
        let name: String
        let sql: String
        let columns: [String]
    }

    /// `works` and the source's table as a fresh catalog bound to the source
    /// has them. A new catalog file is made by applying every frozen
    /// migration step from version 0 (``Catalog/open(path:create:reasons:accepts:)``
    /// finds `user_version` 0) and then binding it; doing the same to an
    /// in-memory database gives its exact `sqlite_master` text, with no
    /// second copy of the schema to keep in step (a copy would drift the day
    /// a step or a source's column list changes). It costs 30–40 ms in a
    /// debug build, once per open of a catalog whose source has a table;
    /// the rebuild itself runs only when a table differs (scripts/benchmarks/bench-reorder:
    /// about 2 s for 100,000 works of 45 columns in a debug build on a loaded machine).
    static func freshDefinitions(of table: SourceTable) throws -> [FreshDefinition] {
        let fresh = try Database(path: ":memory:")
        try fresh.transaction {
            for version in 0..<CatalogSchema.version { try CatalogSchema.migrate(fresh, from: version) }
            try addSourceColumns(table, in: fresh)
        }
        return try ["works", table.name].map { name in
            FreshDefinition(name: name, sql: try definition(of: name, in: fresh) ?? "", columns: try columnNames(of: name, in: fresh))
        }
    }

    /// The tables of `fresh` the catalog has, whose stored text differs and
    /// whose columns the fresh table all has.
    private func staleTables(_ fresh: [FreshDefinition]) throws -> [FreshDefinition] {
        try fresh.filter { definition in
            guard let stored = try Self.definition(of: definition.name, in: database), stored != definition.sql else { return false }
            return Set(try Self.columnNames(of: definition.name, in: database)).isSubset(of: definition.columns)
        }
    }

    /// The columns of the catalog's table `name` in the order a fresh
    /// catalog bound to the source of `table` has them: what `SELECT *`
    /// shows once the catalog is opened for writing, for a catalog that is
    /// only read. A column the fresh table lacks comes last, in stored order.
    package func columnsAsFresh(of name: String, table: SourceTable?) throws -> [String] {
        let stored = try Self.columnNames(of: name, in: database)
        guard let table, let fresh = try Self.freshDefinitions(of: table).first(where: { $0.name == name }) else { return stored }
        let place = Dictionary(uniqueKeysWithValues: fresh.columns.enumerated().map { ($1, $0) })
        let rank = stored.enumerated().map { place[$1] ?? fresh.columns.count + $0 }
        return stored.indices.sorted { rank[$0] < rank[$1] }.map { stored[$0] }
    }

    /// Rebuilds one table to `fresh`'s definition, inside the caller's
    /// transaction; every row keeps its values (copied by column name) and
    /// its `object_id`, the rowid the full-text index knows it by.
    private func rebuild(_ fresh: FreshDefinition) throws {
        let name = fresh.name
        // Indexes and triggers as they are now, in the order they were made.
        // An index with no SQL comes from the table's own constraints.
        let saved = try database.fetchAll(sql: """
            SELECT sql FROM sqlite_master
             WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL
             ORDER BY type = 'trigger', rowid
            """, arguments: [.text(name)]).compactMap { try $0.text(named: "sql") }
        let columns = try Self.columnNames(of: name, in: database).joined(separator: ", ")
        let aside = "temp.etl_rebuild_\(name)"
        try database.execute(sql: """
            DROP TABLE IF EXISTS \(aside);
            CREATE TABLE \(aside) AS SELECT * FROM main.\(name);
            DROP TABLE main.\(name);
            """)
        try database.execute(sql: fresh.sql)
        try database.execute(sql: """
            INSERT INTO main.\(name) (\(columns)) SELECT \(columns) FROM \(aside);
            DROP TABLE \(aside);
            """)
        for sql in saved { try database.execute(sql: sql) }
    }

    /// How many rows of `table` name a parent row that does not exist.
    private func foreignKeyViolations(in table: String) throws -> Int {
        try database.fetchOne(sql: "SELECT count(*) AS n FROM pragma_foreign_key_check(?)", arguments: [.text(table)])?
            .integer(named: "n") ?? 0
    }

    /// `table`'s text in `sqlite_master`; nil when there is no such table.
    private static func definition(of table: String, in database: Database) throws -> String? {
        try database.fetchOne(sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [.text(table)])?
            .text(named: "sql")
    }

    /// `table`'s column names, in order.
    private static func columnNames(of table: String, in database: Database) throws -> [String] {
        try database.fetchAll(sql: "SELECT name FROM pragma_table_info(?)", arguments: [.text(table)]).compactMap { try $0.text(named: "name") }
    }
}
