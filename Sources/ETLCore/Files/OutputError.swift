import Foundation

/// An output a command could not write, in one shape for every command
/// (pages, the report, the export, pictures, the catalog's metadata):
/// `cannot write {output} '{path}': {reason}`. Its ``failure`` says which of
/// the two it is, and so the exit code: the output cannot be created or a
/// rule refuses it (73, EX_CANTCREAT), or writing it failed (74, EX_IOERR:
/// a full disk, an I/O error).
package struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    package enum Failure: Sendable, Equatable {
        /// The output cannot be created, or a rule refuses it (exit 73).
        case cannotCreate
        /// Writing it failed (exit 74).
        case writeFailed
    }

    /// How the message names the output: `the report`, `pages to`, `image`.
    package let output: String
    package let path: String
    package let reason: String
    package let failure: Failure

    package init(_ output: String, path: String, reason: String, failure: Failure = .cannotCreate) {
        self.output = output
        self.path = path
        self.reason = reason
        self.failure = failure
    }

    /// A file error as this output's: a write failure when
    /// ``FileOutputError/isWriteFailure`` says so; `path` names the output
    /// (the file error's own path by default).
    package init(_ output: String, path: String? = nil, _ error: FileOutputError) {
        self.init(output, path: path ?? error.path, reason: error.reason, failure: error.isWriteFailure ? .writeFailed : .cannotCreate)
    }

    package var description: String { "cannot write \(output) '\(path)': \(reason)" }
}
