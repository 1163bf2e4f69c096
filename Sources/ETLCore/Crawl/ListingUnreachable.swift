import FetchEngine

/// The API cannot be reached at all: retrying the listing would not help.
package struct ListingUnreachable: Error, CustomStringConvertible {
    package var reason: String
    package init(reason: String) { self.reason = reason }
    package var description: String { reason }
}
