import ETLCore
import SourceKit

/// One page of `/artworks/search`: `{"pagination": {"total", "limit",
/// "offset", "total_pages", "current_page"}, "data": […], "config":
/// {"iiif_url", …}}`.
package struct AICPage: Sendable {
    /// Matches of the query, as the page says.
    package var total: Int
    package var artworks: [JSONValue]
    /// The IIIF Image API base the answer names for picture URLs.
    package var iiifURL: String?

    /// Nil when `json` is not a page of artworks.
    package init?(_ json: JSONValue) {
        guard let pagination = json["pagination"], let total = pagination["total"]?.integer, total >= 0,
              let artworks = json["data"]?.array else { return nil }
        self.total = Int(total)
        self.artworks = artworks
        iiifURL = json["config"]?["iiif_url"]?.nonBlankString
    }
}

/// How a page of the search ended: read, or refused because it lies past
/// the depth a single search serves.
package enum AICAnswer: Sendable {
    case page(AICPage)
    case pastDepth(String)
}

extension AICAnswer: ListingPage {
    package var listedTotal: Int? {
        if case .page(let page) = self { return page.total }
        return nil
    }

    package var itemCount: Int {
        if case .page(let page) = self { return page.artworks.count }
        return 0
    }
}
