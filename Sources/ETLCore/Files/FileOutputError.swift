import FetchEngine
import Foundation
import Store

/// A file etl was asked to write could not be, or must not be, written.
/// Callers name their output with it in an ``OutputError``: one that cannot
/// be created (exit 73), or whose writing failed (exit 74) when
/// ``isWriteFailure`` says so.
package struct FileOutputError: Error, Equatable, Sendable {
    package var path: String
    package var reason: String
    /// The `errno` behind it, when a system call failed.
    package var code: Int32?

    package init(path: String, reason: String, code: Int32? = nil) {
        self.path = path
        self.reason = reason
        self.code = code
    }

    /// The failure of the last system call on `path`.
    package static func posix(_ path: String, _ code: Int32 = errno) -> FileOutputError {
        FileOutputError(path: path, reason: String(cString: strerror(code)), code: code)
    }

    /// Whether the output could be created but writing it failed: a full
    /// disk or quota, an I/O error, a file too large (exit 74, EX_IOERR),
    /// rather than an output that cannot be created at all (73).
    package var isWriteFailure: Bool { code.map(Self.isWriteFailure) ?? false }

    /// The rule of ``isWriteFailure`` for an `errno`.
    package static func isWriteFailure(_ code: Int32) -> Bool {
        [ENOSPC, EDQUOT, EIO, EFBIG].contains(code)
    }
}
