import Basics
import CSQLite

/// A connection to one SQLite database file.
///
/// The connection closes when the object is released. It is not shared
/// between threads: the catalog has a single writer by design.
public final class Database {
    /// The raw connection handle; valid for the lifetime of the object.
    let handle: OpaquePointer
    /// The path this connection was opened with.
    public let path: String

    /// Opens (and, when `create` is true, creates) the database at `path`.
    ///
    /// `immutable` (with `readOnly`) is for a file nothing can change, such
    /// as one on a read-only mount: SQLite then reads it without the `-shm`
    /// file that WAL mode would otherwise have to create beside it.
    public init(path: String, create: Bool = true, readOnly: Bool = false, immutable: Bool = false) throws {
        var flags = SQLITE_OPEN_NOMUTEX
        if readOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE
            if create { flags |= SQLITE_OPEN_CREATE }
        }
        var name = path
        if readOnly && immutable {
            flags |= SQLITE_OPEN_URI
            // A URI's path: `?`, `#` and `%` in a file name must not end or escape it.
            name = "file:" + PercentEncoding.encoded(path, keeping: .filePath) + "?immutable=1"
        }
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(name, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let connection { sqlite3_close_v2(connection) }
            throw DatabaseError(resultCode: code, message: "\(message) (\(path))")
        }
        self.handle = connection
        self.path = path
        sqlite3_extended_result_codes(connection, 0)
        // A second process (a reader, `etl pages`) may briefly hold a lock.
        sqlite3_busy_timeout(connection, 5_000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no arguments (schema, pragmas).
    public func execute(sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw DatabaseError(resultCode: code & 0xFF, message: message, sql: sql, extendedCode: sqlite3_extended_errcode(handle))
        }
    }

    /// Runs one statement with bound arguments.
    public func execute(sql: String, arguments: [DatabaseValue]) throws {
        let statement = try makeStatement(sql: sql)
        try statement.execute(arguments: arguments)
    }

    /// Prepares a statement for repeated use.
    public func makeStatement(sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Returns all rows of a query.
    public func fetchAll(sql: String, arguments: [DatabaseValue] = []) throws -> [Row] {
        try makeStatement(sql: sql).fetchAll(arguments: arguments)
    }

    /// Returns the first row of a query, if any.
    public func fetchOne(sql: String, arguments: [DatabaseValue] = []) throws -> Row? {
        try makeStatement(sql: sql).fetchOne(arguments: arguments)
    }

    /// The number of rows changed by the last INSERT, UPDATE or DELETE.
    public var changesCount: Int { Int(sqlite3_changes(handle)) }

    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func check(_ code: Int32, sql: String?) throws {
        guard code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: code & 0xFF, message: lastErrorMessage, sql: sql, extendedCode: sqlite3_extended_errcode(handle))
        }
    }
}
