import ETLCore
import ETLPictures
import FetchEngine
import Store

/// Errors about the catalog file itself.
package enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not an SQLite database, or is one that `etl` did not create.
    case notACatalog(path: String, reason: String)
    /// The catalog was written by a newer `etl` with a schema this one does not know.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The catalog file or its folder cannot be created or opened.
    case cannotOpen(path: String, reason: String)
    /// The catalog does not exist (commands that only read it).
    case missing(path: String)
    /// An empty file stands where the catalog should be (commands that only
    /// read it): what `sqlite3` leaves when asked about a missing database.
    case emptyFile(path: String)
    /// The catalog file, its folder or its lock file cannot be created.
    case cannotCreate(path: String, reason: String)
    /// `user_version` is negative, or lower than the tables show (edited by hand).
    case damagedSchema(path: String, found: Int, reason: String)
    /// The catalog holds another source's data (`--source` does not match).
    case otherSource(path: String, holds: SourceName, asked: SourceName)
    /// Writing the catalog failed (disk full, read-only file or folder, I/O error).
    case cannotWrite(path: String, problem: StorageProblem)
    /// SQLite found the file corrupt (SQLITE_CORRUPT, SQLITE_NOTADB) after it opened.
    case damaged(path: String)
    /// A read-only catalog (file, folder or mount) whose `-wal` file holds
    /// changes not yet in the file, and no `-shm` file SQLite could use or
    /// create to read them: it cannot be read as it is.
    case readOnlyWithWAL(path: String)
    /// A read-only catalog of an older schema: reading it needs an upgrade
    /// that only a writable file can take.
    case readOnlyNeedsUpgrade(path: String, found: Int, supported: Int)
    /// Something other than a regular file stands where the catalog's lock
    /// file goes (a symbolic link, a named pipe, a device, a folder): etl
    /// writes its PID there, so it neither follows nor replaces it.
    case unsafeLock(catalogPath: String, lockPath: String, kind: String)

    /// Why SQLite could not write, with what the user can do about it.
    package enum StorageProblem: Sendable, Equatable {
        case diskFull, readOnly, ioError(String)
    }

    package var description: String {
        switch self {
        case .notACatalog(let path, let reason):
            return "'\(path)' is not an etl catalog (\(reason)); it was left untouched"
        case .newerSchema(let path, let found, let supported):
            return "catalog '\(path)' has schema version \(found), but this etl supports up to \(supported); upgrade etl"
        case .cannotOpen(let path, let reason):
            return "cannot open catalog '\(path)': \(reason)"
        case .missing(let path):
            return "no catalog at '\(path)'; run 'etl crawl' first or pass --catalog PATH"
        case .emptyFile(let path):
            return "no catalog at '\(path)': the file is empty (sqlite3 leaves one when asked about a missing database); "
                + "remove it and run 'etl crawl' first, or pass --catalog PATH"
        case .cannotCreate(let path, let reason):
            return "cannot create catalog '\(path)': \(reason)"
        case .damagedSchema(let path, let found, let reason):
            return "catalog '\(path)' has schema version \(found), which \(reason); it was left untouched (restore it from a backup)"
        case .otherSource(let path, let holds, let asked):
            return "catalog '\(path)' holds \(holds.rawValue) data, not \(asked.rawValue); pass '--source \(holds.rawValue)' or another --catalog; it was left untouched"
        case .cannotWrite(let path, .diskFull):
            return "cannot write catalog '\(path)': the disk is full; free some space and run again (nothing was lost: the last transaction was rolled back)"
        case .cannotWrite(let path, .readOnly):
            return "cannot write catalog '\(path)': it or its folder is read-only; make both writable (SQLite adds -wal and -shm files beside it) and run again"
        case .damaged(let path):
            return "the catalog '\(path)' is damaged: restore it from a backup, or move it aside and crawl again"
        case .readOnlyNeedsUpgrade(let path, let found, let supported):
            return "catalog '\(path)' is read-only and has schema version \(found); this etl reads version \(supported) after upgrading it: make it and its folder writable once, or use an etl of its version"
        case .readOnlyWithWAL(let path):
            return "catalog '\(path)' is read-only and its '-wal' file holds changes that SQLite can read only with a '-shm' file beside it, which cannot be created: make its folder writable and run again, or copy the catalog and its -wal file to a writable folder and read the copy"
        case .unsafeLock(let path, let lockPath, let kind):
            return "the lock file of catalog '\(path)', '\(lockPath)', is \(kind); etl writes its lock file only as a regular file of its own: remove it and run again"
        case .cannotWrite(let path, .ioError(let message)):
            return "cannot write catalog '\(path)': \(message); check the disk and run again"
        }
    }
}
