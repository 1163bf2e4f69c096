import CSQLite

/// A prepared statement, finalized when released.
public final class Statement {
    private let handle: OpaquePointer
    private unowned let database: Database
    /// The SQL text, for error messages.
    public let sql: String

    init(database: Database, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw DatabaseError(
                resultCode: code & 0xFF, message: database.lastErrorMessage, sql: sql,
                extendedCode: sqlite3_extended_errcode(database.handle))
        }
        self.handle = statement
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `arguments` to the statement's parameters, in order.
    public func bind(_ arguments: [DatabaseValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == arguments.count else {
            throw DatabaseError(
                resultCode: SQLITE_RANGE,
                message: "expected \(expected) arguments, got \(arguments.count)",
                sql: sql)
        }
        for (offset, value) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null:
                code = sqlite3_bind_null(handle, index)
            case .integer(let integer):
                code = sqlite3_bind_int64(handle, index, integer)
            case .real(let real):
                code = sqlite3_bind_double(handle, index, real)
            case .text(let text):
                var copy = text
                code = copy.withUTF8 { Self.bindText($0, to: handle, at: index) }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), etl_sqlite_transient())
                }
            case .utf8(let bytes):
                code = Self.bindText(bytes, to: handle, at: index)
            }
            try database.check(code, sql: sql)
        }
    }

    /// Binds text by its byte length, so a NUL inside is stored, not a cut
    /// (`-1` would make SQLite stop at the first NUL). A nil pointer would
    /// bind NULL, hence the empty-string case.
    private static func bindText(_ bytes: some Collection<UInt8>, to handle: OpaquePointer, at index: Int32) -> Int32 {
        let count = bytes.count
        guard count > 0 else { return sqlite3_bind_text(handle, index, "", 0, etl_sqlite_transient()) }
        return bytes.withContiguousStorageIfAvailable { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                sqlite3_bind_text64(handle, index, $0.baseAddress, sqlite3_uint64(count), etl_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        } ?? Array(bytes).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                sqlite3_bind_text64(handle, index, $0.baseAddress, sqlite3_uint64(count), etl_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }

    /// Runs the statement to completion, ignoring any rows.
    public func execute(arguments: [DatabaseValue] = []) throws {
        try bind(arguments)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Returns every row of the query.
    public func fetchAll(arguments: [DatabaseValue] = []) throws -> [Row] {
        var rows: [Row] = []
        try forEachRow(arguments: arguments) { rows.append($0) }
        return rows
    }

    /// Returns the first row of the query, if any.
    public func fetchOne(arguments: [DatabaseValue] = []) throws -> Row? {
        try bind(arguments)
        defer { sqlite3_reset(handle) }
        return try step() ? currentRow() : nil
    }

    /// Calls `body` with each row, without collecting them.
    public func forEachRow(arguments: [DatabaseValue] = [], _ body: (Row) throws -> Void) throws {
        try bind(arguments)
        defer { sqlite3_reset(handle) }
        while try step() {
            try body(currentRow())
        }
    }

    /// Calls `body` with the first column of each row as an integer; the
    /// fast path for ID lists, which avoids building `Row` values.
    public func forEachInteger(arguments: [DatabaseValue] = [], _ body: (Int64) throws -> Void) throws {
        try bind(arguments)
        defer { sqlite3_reset(handle) }
        while try step() {
            try body(sqlite3_column_int64(handle, 0))
        }
    }

    private func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(handle)
            throw DatabaseError(
                resultCode: code & 0xFF, message: database.lastErrorMessage, sql: sql,
                extendedCode: sqlite3_extended_errcode(database.handle))
        }
    }

    private func currentRow() -> Row {
        let count = sqlite3_column_count(handle)
        var names: [String] = []
        var values: [DatabaseValue] = []
        names.reserveCapacity(Int(count))
        values.reserveCapacity(Int(count))
        for column in 0..<count {
            names.append(sqlite3_column_name(handle, column).map { String(cString: $0) } ?? "")
            switch sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER:
                values.append(.integer(sqlite3_column_int64(handle, column)))
            case SQLITE_FLOAT:
                values.append(.real(sqlite3_column_double(handle, column)))
            case SQLITE_TEXT:
                // By length, not up to the first NUL: text is read back whole.
                let count = Int(sqlite3_column_bytes(handle, column))
                let text = sqlite3_column_text(handle, column).map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
                } ?? ""
                values.append(.text(text))
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(handle, column))
                if let pointer = sqlite3_column_blob(handle, column), count > 0 {
                    values.append(.blob(Array(UnsafeRawBufferPointer(start: pointer, count: count))))
                } else {
                    values.append(.blob([]))
                }
            default:
                values.append(.null)
            }
        }
        return Row(columnNames: names, values: values)
    }
}
