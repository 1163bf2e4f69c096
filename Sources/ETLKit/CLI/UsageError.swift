/// A command line `etl` cannot run; printed with the command's usage line.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    /// The subcommand whose usage applies, or nil for `etl` itself.
    public let command: String?

    public init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}
