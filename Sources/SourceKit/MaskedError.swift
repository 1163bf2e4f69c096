import FetchEngine
import Store

/// An error whose text held the credential, with it masked.
package struct MaskedError: Error, CustomStringConvertible {
    package var description: String

    package init(description: String) { self.description = description }
}
