import CSQLite

/// An error thrown by the SQLite wrapper.
///
/// Its description follows GRDB's form, so a failure in a log says what
/// SQLite said and which statement caused it:
///
///     SQLite error 19 (extended 1555): UNIQUE constraint failed: runs.id - while executing `INSERT INTO runs …`
public struct DatabaseError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The primary SQLite result code (e.g. 19 for SQLITE_CONSTRAINT).
    public let resultCode: Int32
    /// SQLite's message, or the wrapper's own when SQLite gave none.
    public let message: String
    /// The SQL being prepared or run when the error happened, if any.
    public let sql: String?
    /// SQLite's extended result code (e.g. 3850 for SQLITE_IOERR_LOCK), which
    /// says which I/O step failed; the primary code when there is none.
    public let extendedCode: Int32

    public init(resultCode: Int32, message: String, sql: String? = nil, extendedCode: Int32? = nil) {
        self.resultCode = resultCode
        self.message = message
        self.sql = sql
        self.extendedCode = extendedCode ?? resultCode
    }

    public var description: String {
        var text = "SQLite error \(resultCode)"
        if extendedCode != resultCode { text += " (extended \(extendedCode))" }
        text += ": \(message)"
        if let sql {
            text += " - while executing `\(sql)`"
        }
        return text
    }

    /// Errors are the same when SQLite said the same about the same SQL; the
    /// extended code only adds detail.
    public static func == (lhs: DatabaseError, rhs: DatabaseError) -> Bool {
        lhs.resultCode == rhs.resultCode && lhs.message == rhs.message && lhs.sql == rhs.sql
    }

    /// True when the database file is not a database (SQLITE_NOTADB) or is
    /// corrupt, which the catalog reports as "not a catalog" without touching it.
    public var isNotADatabase: Bool {
        resultCode == SQLITE_NOTADB || resultCode == SQLITE_CORRUPT
    }

    /// The statement was ended by ``Database/interrupting(when:_:)``.
    public var isInterrupt: Bool { resultCode == SQLITE_INTERRUPT }
}
