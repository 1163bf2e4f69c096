/// A licence or rights statement an item comes under, with where it is
/// written: what `works.rights` and `works.rights_url` hold.
package struct Rights: Sendable, Equatable {
    package var name: String
    package var url: String?

    package init(_ name: String, url: String?) {
        self.name = name
        self.url = url
    }

    /// Creative Commons' public-domain dedication: the museums' open access.
    package static let cc0 = Rights("CC0 1.0", url: "https://creativecommons.org/publicdomain/zero/1.0/")
}
