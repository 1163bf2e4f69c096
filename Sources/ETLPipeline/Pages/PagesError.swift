import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Errors while writing page files.
package enum PagesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file or folder under `--out` could not be created (exit 73).
    case cannotWrite(path: String, reason: String)
    /// Writing a page file failed: a full disk, an I/O error (exit 74).
    case writeFailed(path: String, reason: String)
    /// `--out` names something that is not a folder.
    case notADirectory(path: String)
    /// The catalog holds no kept works: pages would all be empty, so none
    /// are written and the kept page settings stay as they were.
    case noWorks(catalog: String)

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason), .writeFailed(let path, let reason):
            return "cannot write pages to '\(path)': \(reason)"
        case .notADirectory(let path):
            return "--out '\(path)' exists and is not a directory"
        case .noWorks(let catalog):
            return "the catalog '\(catalog)' has no works yet (no crawl has kept any), so no pages were written "
                + "and the page settings were not changed; run 'etl crawl' first"
        }
    }

    /// A file error as the pages' error: a write failure (``FileOutputError/isWriteFailure``) or an output that cannot be created.
    package init(_ error: FileOutputError) {
        self = error.isWriteFailure ? .writeFailed(path: error.path, reason: error.reason) : .cannotWrite(path: error.path, reason: error.reason)
    }
}
