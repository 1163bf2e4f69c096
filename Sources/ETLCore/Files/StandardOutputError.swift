import FetchEngine
import Foundation
import Store

/// Standard output could not take what a command printed: a full disk
/// behind `> file`, a reader that went away (`| head`), a descriptor the
/// shell closed (`>&-`). Exit 74 (EX_IOERR), for every command: what the
/// command did stands (a catalog it changed keeps its change); only its
/// output was lost, and this says so instead of exiting 0.
package struct StandardOutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The system's words for the failure (`No space left on device`).
    package var reason: String

    package init(reason: String) {
        self.reason = reason
    }

    /// A failed write through ``FileSink/standardOutput``, worded as a file
    /// output's (`cannot write the export '/dev/full': No space left on device`).
    package init(_ error: FileOutputError) {
        reason = error.reason
    }

    package var description: String { "cannot write to standard output: \(reason)" }

    /// Whether the reader of a pipe went away (EPIPE).
    package var isBrokenPipe: Bool { reason == String(cString: strerror(EPIPE)) }

    /// Runs `body`, which writes to standard output through a ``FileSink``:
    /// the sink's ``FileOutputError`` becomes this error; others pass through.
    package static func writing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as FileOutputError {
            throw StandardOutputError(error)
        }
    }
}
