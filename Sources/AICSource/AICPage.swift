import ETLCore
import SourceKit

/// One page of `/artworks/search`: `{"pagination": {"total", "limit",
/// "offset", "total_pages", "current_page"}, "data": […], "config":
/// {"iiif_url", …}}`.
package struct AICPage: RecordsPage {
    /// Matches of the query, as the page says.
    package var total: Int
    package var records: [JSONValue]
    /// The IIIF Image API base the answer names for picture URLs.
    package var iiifURL: String?

    /// Nil when `json` is not a page of artworks.
    package init?(_ json: JSONValue) {
        guard let listed = Self.listed(json, records: "data", total: "pagination", "total") else { return nil }
        (total, records) = (listed.total, listed.records)
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
        if case .page(let page) = self { return page.itemCount }
        return 0
    }
}
