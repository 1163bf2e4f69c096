import CSQLite
import ETLCore
import FetchEngine
import Foundation
import Store

extension CatalogError {
    /// The one mapping of what SQLite says while a catalog is opened and
    /// its header read, to what the user is told.
    ///
    /// - A file that starts with SQLite's header but that SQLite finds
    ///   corrupt or "not a database" (truncated, bytes overwritten) is
    ///   ``damaged(path:)``: restore it from a backup. Only a file without
    ///   the header is ``notACatalog(path:reason:)``.
    /// - A read-only catalog whose `-wal` file holds changes, with no `-shm`
    ///   file beside it that SQLite could use or make, cannot be read at all
    ///   (``readOnlyWithWAL(path:)``), and says how to fix that.
    ///
    /// Anything else is nil: opening then says ``cannotOpen(path:reason:)``
    /// with SQLite's words, and a failed read of the header is SQLite's
    /// error, which ``CommandRunner`` maps as every other (a full disk, I/O).
    package static func opening(_ error: DatabaseError, path: String, isReadOnlyWithWAL: Bool = false) -> CatalogError? {
        if error.isNotADatabase {
            return OutputTarget.isDatabase(path) ? .damaged(path: path) : .notACatalog(path: path, reason: "not an SQLite database")
        }
        if isReadOnlyWithWAL && error.resultCode == SQLITE_CANTOPEN { return .readOnlyWithWAL(path: path) }
        return nil
    }

    /// The catalog's lock file could not be made (`code` is the `errno`):
    /// beside an existing catalog on a read-only folder or mount, that is
    /// the folder being read-only, said as such; otherwise the catalog
    /// cannot be created there.
    package static func lockFailed(catalogPath: String, lockPath: String, code: Int32) -> CatalogError {
        if code == EROFS || code == EACCES || code == EPERM, LocalPath(catalogPath).kind == .regular {
            return .cannotWrite(path: catalogPath, problem: .readOnly)
        }
        return .cannotCreate(path: catalogPath, reason: "cannot create lock file '\(lockPath)': \(String(cString: strerror(code)))")
    }
}
