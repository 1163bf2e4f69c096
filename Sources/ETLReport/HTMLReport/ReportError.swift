import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Why `etl report` could not write its page.
package enum ReportError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "cannot write the report '\(path)': \(reason)"
        }
    }
}
