import FetchEngine
import Foundation
import Store

/// A file etl was asked to write could not be, or must not be, written.
/// Callers wrap it in their command's own error (`cannotWrite(path:reason:)`),
/// which exits with 73.
package struct FileOutputError: Error, Equatable, Sendable {
    package var path: String
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The failure of the last system call on `path`.
    package static func posix(_ path: String, _ code: Int32 = errno) -> FileOutputError {
        FileOutputError(path: path, reason: String(cString: strerror(code)))
    }
}
