import Basics

/// A value as a URL's query carries it: the one encoder's
/// ``PercentEncoding/Kept/queryValue`` set, everything but unreserved
/// characters (and the comma lists use) percent-encoded.
package enum QueryValue {
    package static func encoded(_ value: String) -> String {
        PercentEncoding.encoded(value, keeping: .queryValue)
    }
}
