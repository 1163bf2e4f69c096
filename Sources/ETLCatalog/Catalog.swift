import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import Store

/// The SQLite catalog: every object ever listed, what fetching it gave, the
/// kept works with their page places, and one row per crawl.
///
/// A catalog has one crawl and one `etl images` at a time (see
/// ``CatalogLock``); their short write transactions take turns (WAL, a
/// 60-second busy timeout), and readers such as `sqlite3` query it meanwhile.
package final class Catalog {
    package let database: Database
    /// The rejection reasons its views rank: the shared ones and the
    /// registered sources' (the registry's, given by the caller).
    package let reasons: ReasonVocabulary
    package let path: String
    /// Opened read-only by ``openForReading(path:reasons:accepts:)``: nothing may
    /// change it, not even an upgrade.
    package let isReadOnly: Bool

    private init(database: Database, path: String, reasons: ReasonVocabulary, isReadOnly: Bool = false) {
        self.database = database
        self.path = path
        self.reasons = reasons
        self.isReadOnly = isReadOnly
    }

    /// Opens the catalog at `path`, creating it (and its folder) when
    /// `create` is true. A file that is not an etl catalog is left untouched.
    /// Its rejection views rank `reasons` (made again when they differ).
    /// `accepts` may refuse the catalog (a command's `--source` naming
    /// another source): it runs before anything is written, an upgrade
    /// included, or, for a file with no tables yet, once its schema is made.
    package static func open(
        path: String, create: Bool = true, reasons: ReasonVocabulary, accepts: ((Catalog) throws -> Void)? = nil,
        stop: StopSignal? = nil
    ) throws -> Catalog {
        let exists = try checkExisting(path: path)
        // A command that only reads never makes a catalog of an empty file.
        if exists, !create, isEmptyFile(path) { throw CatalogError.emptyFile(path: path) }
        if !exists {
            guard create else { throw CatalogError.missing(path: path) }
            let folder = LocalPath(path).parent
            if let problem = folder.problemCreatingFolder() {
                throw CatalogError.cannotCreate(path: path, reason: "its folder '\(folder)': \(problem)")
            }
            do {
                try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
            } catch {
                throw CatalogError.cannotCreate(path: path, reason: "cannot create folder '\(folder)'")
            }
        }
        let database: Database
        do {
            database = try Database(path: path, create: create)
        } catch let error as DatabaseError {
            throw CatalogError.opening(error, path: path) ?? CatalogError.cannotOpen(path: path, reason: error.message)
        }
        let catalog = Catalog(database: database, path: path, reasons: reasons)
        try catalog.prepareSchema(accepts: accepts, stop: stop)
        return catalog
    }

    /// Throws when `path` exists and cannot be a catalog (a folder, a device
    /// such as `/dev/null`, a file that is not SQLite), without creating or
    /// writing anything; commands call it before taking the lock, whose file
    /// would sit beside it. Returns whether the file exists.
    @discardableResult
    package static func checkExisting(path: String) throws -> Bool {
        switch LocalPath(path).kind {
        case nil:
            // A link to nothing: opening it would make a catalog wherever it points.
            var status = stat()
            if lstat(path, &status) == 0 { throw CatalogError.notACatalog(path: path, reason: "it is a symbolic link to nothing") }
            return false
        case .regular:
            // `c.sqlite/` names a folder: a file there is not read as one.
            if path.hasSuffix("/") { throw CatalogError.notACatalog(path: path, reason: "a file named as a folder: drop the '/' at its end") }
            try checkHeader(path: path)
            return true
        case .directory:
            throw CatalogError.notACatalog(path: path, reason: "it is a directory")
        case .some(let kind):
            throw CatalogError.notACatalog(path: path, reason: "it is \(kind), not a regular file")
        }
    }

    /// Whether the file at `path` has no bytes.
    private static func isEmptyFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_size == 0
    }

    /// Rejects files that are not SQLite databases before SQLite opens them,
    /// so nothing (not even a WAL file) is written next to them.
    private static func checkHeader(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CatalogError.cannotOpen(path: path, reason: "cannot read the file")
        }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        if header.isEmpty { return }
        guard header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw CatalogError.notACatalog(path: path, reason: "not an SQLite database")
        }
        // Another program's database with something in it (the open would
        // refuse it too, after the lock's file was made beside it). The
        // header's page count is trusted only when SQLite vouches for it
        // (offset 92 equals the change counter at 24); pages beyond the first
        // and the free ones hold tables. An empty database stays one etl may adopt.
        guard header.count == 100 else { return }
        func word(at offset: Int) -> UInt32 { header[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        if Int64(word(at: 68)) != CatalogSchema.applicationID, word(at: 92) == word(at: 24), word(at: 28) > 1 + word(at: 36) {
            throw CatalogError.notACatalog(path: path, reason: "an SQLite database that etl did not create")
        }
    }

    /// Opens an existing catalog for a command that only reads it (`status`,
    /// `export`, `report`). A writable catalog opens as ``open(path:create:reasons:accepts:)``
    /// does (an older schema is upgraded); one that cannot be written (the
    /// file, its folder or its mount is read-only) is read as it is, with
    /// nothing created beside it. `accepts` is ``open(path:create:reasons:accepts:)``'s,
    /// run on a catalog read as it is too.
    package static func openForReading(
        path: String, reasons: ReasonVocabulary, accepts: ((Catalog) throws -> Void)? = nil, stop: StopSignal? = nil
    ) throws -> Catalog {
        guard try checkExisting(path: path) else { throw CatalogError.missing(path: path) }
        if isEmptyFile(path) { throw CatalogError.emptyFile(path: path) }
        let folder = LocalPath(path).parent.string
        if access(path, W_OK) == 0 && access(folder, W_OK) == 0 { return try open(path: path, create: false, reasons: reasons, accepts: accepts, stop: stop) }
        // `immutable` reads the main file alone: right when no WAL holds
        // commits not yet copied into it. With one, SQLite must read the WAL,
        // which needs its -shm file; if that cannot be made, it says so.
        var wal = stat()
        let hasWAL = stat(path + "-wal", &wal) == 0 && wal.st_size > 0
        let database: Database
        do {
            database = try Database(path: path, create: false, readOnly: true, immutable: !hasWAL)
        } catch let error as DatabaseError {
            throw CatalogError.opening(error, path: path, isReadOnlyWithWAL: hasWAL) ?? CatalogError.cannotOpen(path: path, reason: error.message)
        }
        let catalog = Catalog(database: database, path: path, reasons: reasons, isReadOnly: true)
        let (applicationID, userVersion, _) = try catalog.readHeader(isReadOnlyWithWAL: hasWAL)
        guard Int64(applicationID) == CatalogSchema.applicationID else {
            throw CatalogError.notACatalog(path: path, reason: "an SQLite database that etl did not create")
        }
        if userVersion > CatalogSchema.version {
            throw CatalogError.newerSchema(path: path, found: userVersion, supported: CatalogSchema.version)
        }
        guard userVersion == CatalogSchema.version else {
            throw CatalogError.readOnlyNeedsUpgrade(path: path, found: userVersion, supported: CatalogSchema.version)
        }
        try accepts?(catalog)
        return catalog
    }

    /// `application_id`, `user_version` and the number of schema objects.
    /// SQLite's errors become the catalog's (``CatalogError/opening(_:path:isReadOnlyWithWAL:)``).
    private func readHeader(isReadOnlyWithWAL: Bool = false) throws -> (applicationID: Int, userVersion: Int, tableCount: Int) {
        do {
            let applicationID = try database.fetchOne(sql: "PRAGMA application_id")?.integer(named: "application_id") ?? 0
            let userVersion = try database.fetchOne(sql: "PRAGMA user_version")?.integer(named: "user_version") ?? 0
            let tableCount = try database.fetchOne(sql: "SELECT count(*) AS n FROM sqlite_master")?.integer(named: "n") ?? 0
            return (applicationID, userVersion, tableCount)
        } catch let error as DatabaseError {
            throw CatalogError.opening(error, path: path, isReadOnlyWithWAL: isReadOnlyWithWAL) ?? error
        }
    }

    private func prepareSchema(accepts: ((Catalog) throws -> Void)?, stop: StopSignal?) throws {
        let (applicationID, userVersion, tableCount) = try readHeader()
        if Int64(applicationID) != CatalogSchema.applicationID {
            guard tableCount == 0 else {
                throw CatalogError.notACatalog(path: path, reason: "an SQLite database that etl did not create")
            }
            try database.execute(sql: "PRAGMA page_size = \(CatalogSchema.pageSize)")
        }
        if userVersion > CatalogSchema.version {
            throw CatalogError.newerSchema(path: path, found: userVersion, supported: CatalogSchema.version)
        }
        if userVersion < 0 {
            throw CatalogError.damagedSchema(path: path, found: userVersion, reason: "no etl writes")
        }
        if let table = try CatalogSchema.tableAhead(of: userVersion, in: database) {
            throw CatalogError.damagedSchema(
                path: path, found: userVersion, reason: "is older than its tables (table '\(table)' comes from a later version)")
        }
        if try CatalogSchema.tableMissing(at: userVersion, in: database) != nil {
            throw CatalogError.damaged(path: path)
        }
        // A file with no tables holds nothing to refuse until it is a catalog.
        if tableCount > 0 { try accepts?(self) }
        // An upgrade of a large catalog runs for seconds in one transaction:
        // a signal ends it, the transaction rolls back, the file is as it was.
        try stoppable(by: stop) { try upgradeSchema(from: userVersion) }
        if tableCount == 0 { try accepts?(self) }
    }

    /// Runs `body` (an upgrade, a table rebuild) so that a stop requested
    /// meanwhile ends it: SQLite's statement is interrupted, its
    /// transaction rolls back, and ``StoppedBySignal`` is thrown.
    package func stoppable<T>(by stop: StopSignal?, _ body: () throws -> T) throws -> T {
        guard let stop else { return try body() }
        do {
            return try database.interrupting(when: { stop.isRequested }, body)
        } catch let error as DatabaseError where error.isInterrupt {
            throw StoppedBySignal()
        }
    }

    /// Sets the connection's pragmas and migrates the schema to this release's.
    ///
    /// WAL comes last: switching to it rewrites the file's header, so a
    /// catalog of an older release that turns out damaged while it is
    /// migrated (its transaction rolled back) is left byte for byte as it
    /// was. Until then the connection keeps SQLite's full syncs, as the
    /// rollback journal needs them.
    private func upgradeSchema(from userVersion: Int) throws {
        try database.execute(sql: """
            PRAGMA cache_size = -16384;
            PRAGMA foreign_keys = ON;
            PRAGMA busy_timeout = 60000;
            """)
        try migrate(from: userVersion)
        try database.execute(sql: """
            PRAGMA journal_mode = WAL;
            PRAGMA synchronous = NORMAL;
            """)
    }

    /// Migrates the schema to this release's and brings its views and triggers up to date.
    private func migrate(from userVersion: Int) throws {
        guard userVersion < CatalogSchema.version else { try CatalogSchema.refreshDefinitions(database, reasons: reasons); return }
        try database.transaction {
            // A crawl and `etl images` may open an old catalog at once: the
            // one that waited for the write lock finds it migrated.
            let current = try database.fetchOne(sql: "PRAGMA user_version")?.integer(named: "user_version") ?? userVersion
            guard current < CatalogSchema.version else { return }
            for version in current..<CatalogSchema.version {
                try CatalogSchema.migrate(database, from: version)
            }
            try database.execute(sql: """
                PRAGMA application_id = \(CatalogSchema.applicationID);
                PRAGMA user_version = \(CatalogSchema.version);
                """)
        }
        try CatalogSchema.refreshDefinitions(database, reasons: reasons)
        try CatalogSchema.compactAfterMigration(database, from: userVersion)
    }

    /// `PRAGMA integrity_check`'s answer: "ok" for a healthy file.
    package func integrityCheck() throws -> String {
        try database.fetchOne(sql: "PRAGMA integrity_check")?.text(named: "integrity_check") ?? "no answer"
    }

    // MARK: Settings

    /// A value from the `settings` table.
    package func setting(_ key: String) throws -> String? {
        try database.fetchOne(sql: "SELECT value FROM settings WHERE key = ?", arguments: [.text(key)])?.text(named: "value")
    }

    /// Stores a value in the `settings` table.
    package func setSetting(_ key: String, to value: String) throws {
        try database.execute(
            sql: "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            arguments: [.text(key), .text(value)])
    }

    /// Adds the IDs of `id_set` the catalog does not know as pending, queued
    /// objects; returns how many.
    @discardableResult
    package func insertUnknownIDs() throws -> Int {
        try database.execute(sql: """
            INSERT INTO objects (object_id)
            SELECT object_id FROM id_set WHERE object_id NOT IN (SELECT object_id FROM objects)
            """)
        return database.changesCount
    }

    /// Fills the temporary table `id_set` with `ids`, for set operations in SQL.
    package func loadIDSet(_ ids: [Int]) throws {
        try database.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS id_set (object_id INTEGER PRIMARY KEY);
            DELETE FROM id_set;
            """)
        let insert = try database.makeStatement(sql: "INSERT OR IGNORE INTO id_set (object_id) VALUES (?)")
        for id in ids {
            try insert.execute(arguments: [.integer(Int64(id))])
        }
    }
}
