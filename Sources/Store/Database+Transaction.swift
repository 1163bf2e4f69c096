extension Database {
    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; any error rolls back.
    ///
    /// IMMEDIATE takes the write lock up front so a transaction never fails
    /// half-way with SQLITE_BUSY after it has done work.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute(sql: "BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute(sql: "COMMIT")
            return value
        } catch {
            try? execute(sql: "ROLLBACK")
            throw error
        }
    }
}
