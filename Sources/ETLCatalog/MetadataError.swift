import ETLCore
import ETLPictures
import FetchEngine
import Store

/// Why the Datasette metadata beside the catalog was not written.
package enum MetadataError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "cannot write the catalog metadata '\(path)': \(reason)"
        }
    }
}
