import ETLCore
import SourceKit

/// One page of `flickr.photos.search`: `{"photos": {"page", "pages",
/// "perpage", "total", "photo": […]}, "stat": "ok"}`.
package struct FlickrSearchPage: RecordsPage {
    /// Matches in the query's window; Flickr sends it as a number or a string.
    /// The page count follows from it (`pages` is not trusted).
    package var total: Int
    /// Photos a page holds, as the answer says (500 asked).
    package var perPage: Int?
    package var records: [JSONValue]

    /// Nil when `json` is not a page of photos.
    package init?(_ json: JSONValue) {
        guard let listed = Self.listed(json["photos"], records: "photo", total: "total", digits: true) else { return nil }
        (total, records) = (listed.total, listed.records)
        perPage = Self.count(json["photos"]?["perpage"])
    }
}
