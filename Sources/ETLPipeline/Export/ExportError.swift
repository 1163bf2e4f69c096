import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Why `etl export` could not write its file.
package enum ExportError: Error, Equatable, CustomStringConvertible {
    /// `--out` cannot be created, or the rule refuses it (exit 73).
    case cannotWrite(path: String, reason: String)
    /// Writing it failed: a full disk, an I/O error (exit 74).
    case writeFailed(path: String, reason: String)

    /// A file error as the export's: a write failure (``FileOutputError/isWriteFailure``) or an output that cannot be created.
    package init(path: String, _ error: FileOutputError) {
        self = error.isWriteFailure ? .writeFailed(path: path, reason: error.reason) : .cannotWrite(path: path, reason: error.reason)
    }

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason), .writeFailed(let path, let reason):
            return "cannot write the export '\(path)': \(reason)"
        }
    }
}
