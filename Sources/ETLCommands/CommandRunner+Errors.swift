import CSQLite
import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

extension CommandRunner {
    /// `error` as the user should see it: SQLite's failures to write (disk
    /// full, read-only, I/O) and a schema missing a table or column become
    /// one line naming the catalog and what to do, instead of SQLite's
    /// message followed by the statement's SQL.
    package static func userFacing(_ error: any Error, catalogPath: String?) -> any Error {
        guard let error = error as? DatabaseError, let catalogPath else { return error }
        if let mapped = CatalogError.opening(error, path: catalogPath) { return mapped }
        switch error.resultCode {
        case SQLITE_FULL:
            return CatalogError.cannotWrite(path: catalogPath, problem: .diskFull)
        case SQLITE_READONLY, SQLITE_PERM:
            return CatalogError.cannotWrite(path: catalogPath, problem: .readOnly)
        case SQLITE_IOERR, SQLITE_CANTOPEN:
            return CatalogError.cannotWrite(path: catalogPath, problem: .ioError("\(error.message) (SQLite error \(error.resultCode))"))
        case SQLITE_ERROR where error.message.hasPrefix("no such table") || error.message.hasPrefix("no such column"):
            // etl's statements are fixed and tested against every version's
            // schema: one that names what the file lacks means the file is
            // not the catalog its version says (a table dropped by hand).
            return CatalogError.damaged(path: catalogPath)
        default:
            return error
        }
    }
}

extension ETLCommand {
    /// The catalog the command works on, if any.
    package var catalogPath: String? {
        switch self {
        case .crawl(let options, _): return options.catalogPath
        case .pages(let options): return options.catalogPath
        case .images(let options, _): return options.catalogPath
        case .status(let path, _, _): return path
        case .export(let options): return options.catalogPath
        case .report(let options): return options.catalogPath
        case .gallery(let options): return options.catalogPath
        case .plan, .show: return nil
        }
    }
}
