import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Why `etl export` could not write its file.
package enum ExportError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "cannot write the export '\(path)': \(reason)"
        }
    }
}
