import FetchEngine
import Store

/// A command line `etl` cannot run; printed with the command's usage line.
package struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    /// The subcommand whose usage applies, or nil for `etl` itself.
    package let command: String?

    package init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }

    package var description: String { message }
}
