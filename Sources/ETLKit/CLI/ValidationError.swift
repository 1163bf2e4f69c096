/// Thrown by a command's `validate` step, which checks the options
/// against each other once all are read (`--full` with `--since`); the
/// message becomes the usage error's.
public struct ValidationError: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}
