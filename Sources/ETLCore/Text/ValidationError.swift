import FetchEngine
import Store

/// Thrown by a command's `validate` step, which checks the options
/// against each other once all are read (two that cannot go together); the
/// message becomes the usage error's.
package struct ValidationError: Error, Equatable, Sendable {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }
}
