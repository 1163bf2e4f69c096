import FetchEngine
import Foundation

/// A value as a URL's query carries it: everything but unreserved
/// characters (and the comma lists use) percent-encoded.
package enum QueryValue {
    package static func encoded(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~,")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
