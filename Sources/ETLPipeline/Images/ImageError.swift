import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Errors that stop `etl images` as a whole (a single image's failure is
/// an ``ImageFailure`` recorded in the catalog instead; a picture or the
/// folder that cannot be written is an ``OutputError``, ``OutputError/image(path:reason:)``).
package enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The folder `option` names (`--dir`, the gallery's `--out`) exists and is not a folder.
    case notADirectory(path: String, option: String)
    /// The folder `option` names cannot be made (a file above it, no
    /// write permission), found before anything is written.
    case cannotCreate(path: String, option: String, reason: String)
    /// No image host could be reached at all, even after retries: every
    /// picture tried failed as ``ImageFailure/unreachable``.
    case unreachable(reason: String)
    /// A file etl did not write sits where a picture or thumbnail goes:
    /// that work's picture fails as ``ImageFailure/occupied``; the run goes on.
    case occupied(path: String)

    package var description: String {
        switch self {
        case .notADirectory(let path, let option):
            return "\(option) '\(path)' exists and is not a directory"
        case .cannotCreate(let path, let option, let reason):
            return "cannot create \(option) '\(path)': \(reason)"
        case .occupied(let path):
            return "a file etl did not write is at '\(path)'; etl leaves it alone: move it away and run again"
        case .unreachable(let reason):
            return "no image host could be reached (\(reason)); run again later: those pictures are tried again"
        }
    }
}

extension OutputError {
    /// A picture, a thumbnail or their folder that could not be written
    /// (disk full, permissions): exit 74, as it always was for pictures.
    static func image(path: String, reason: String) -> OutputError {
        OutputError("image", path: path, reason: reason, failure: .writeFailed)
    }
}
