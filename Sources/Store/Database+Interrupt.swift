import CSQLite

extension Database {
    /// Runs `body` so that SQLite asks `shouldStop` every few thousand
    /// steps of the statement it runs, and ends that statement with
    /// `SQLITE_INTERRUPT` once it says yes (see ``DatabaseError/isInterrupt``);
    /// a transaction around it then rolls back. A schema upgrade or a table
    /// rebuild of a large file runs for seconds inside one statement: this
    /// is how a signal ends it without waiting for it.
    public func interrupting<T>(when shouldStop: @escaping () -> Bool, _ body: () throws -> T) rethrows -> T {
        let check = Unmanaged.passRetained(InterruptCheck(shouldStop))
        sqlite3_progress_handler(handle, 10_000, { context in
            guard let context else { return 0 }
            return Unmanaged<InterruptCheck>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
        }, check.toOpaque())
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            check.release()
        }
        return try body()
    }
}

/// The check a progress handler calls, kept alive while it is installed.
private final class InterruptCheck {
    let shouldStop: () -> Bool

    init(_ shouldStop: @escaping () -> Bool) {
        self.shouldStop = shouldStop
    }
}
