import FetchEngine
import Store

/// Thrown by an option's parser when the text does not fit; the command
/// line parser turns it into `Invalid value 'x' for '--name': expected …`.
package struct InvalidValue: Error, Equatable, Sendable {
    /// What would have fitted, e.g. `an integer from 1 to 1024`.
    package let expected: String
    /// The text may hold a secret (a password in a URL, an `api_key=`
    /// query): the message then names the option but never the value.
    package let mayHoldSecret: Bool

    package init(expected: String, mayHoldSecret: Bool = false) {
        self.expected = expected
        self.mayHoldSecret = mayHoldSecret
    }
}
