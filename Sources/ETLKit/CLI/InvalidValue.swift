/// Thrown by an option's parser when the text does not fit; the command
/// line parser turns it into `Invalid value 'x' for '--name': expected …`.
public struct InvalidValue: Error, Equatable, Sendable {
    /// What would have fitted, e.g. `an integer from 1 to 1024`.
    public let expected: String

    public init(expected: String) {
        self.expected = expected
    }
}
