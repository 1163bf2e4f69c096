import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Errors while writing page files (a file that cannot be written is an
/// ``OutputError``, ``OutputError/pages(_:)``).
package enum PagesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--out` names something that is not a folder.
    case notADirectory(path: String)
    /// The catalog holds no kept works: pages would all be empty, so none
    /// are written and the kept page settings stay as they were.
    case noWorks(catalog: String)

    package var description: String {
        switch self {
        case .notADirectory(let path):
            return "--out '\(path)' exists and is not a directory"
        case .noWorks(let catalog):
            return "the catalog '\(catalog)' has no works yet (no crawl has kept any), so no pages were written "
                + "and the page settings were not changed; run 'etl crawl' first"
        }
    }
}

extension OutputError {
    /// A page file or folder under `--out` that could not be written.
    static func pages(path: String, reason: String) -> OutputError { OutputError("pages to", path: path, reason: reason) }

    static func pages(_ error: FileOutputError) -> OutputError { OutputError("pages to", error) }
}
