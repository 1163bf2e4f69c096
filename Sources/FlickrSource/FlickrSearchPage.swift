import ETLCore
import SourceKit

/// One page of `flickr.photos.search`: `{"photos": {"page", "pages",
/// "perpage", "total", "photo": […]}, "stat": "ok"}`.
package struct FlickrSearchPage: Sendable {
    /// Matches in the query's window; Flickr sends it as a number or a string.
    /// The page count follows from it (`pages` is not trusted).
    package var total: Int
    /// Photos a page holds, as the answer says (500 asked).
    package var perPage: Int?
    package var photos: [JSONValue]

    /// Nil when `json` is not a page of photos.
    package init?(_ json: JSONValue) {
        guard let photos = json["photos"], let list = photos["photo"]?.array,
              let total = Self.count(photos["total"]) else { return nil }
        self.total = total
        perPage = Self.count(photos["perpage"])
        self.photos = list
    }

    /// A count as a JSON number or a string of digits.
    package static func count(_ value: JSONValue?) -> Int? {
        switch value {
        case .integer(let number)?: return number >= 0 ? Int(number) : nil
        case .string(let text)?: return Int(text).flatMap { $0 >= 0 ? $0 : nil }
        default: return nil
        }
    }
}

extension FlickrSearchPage: ListingPage {
    package var listedTotal: Int? { total }
    package var itemCount: Int { photos.count }
}
