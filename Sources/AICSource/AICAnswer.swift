import ETLCore
import SourceKit

/// How a page of `/artworks/search` ended: read (`{"pagination": {"total",
/// "limit", "offset", "total_pages", "current_page"}, "data": […], "config":
/// {"iiif_url", …}}`), or refused because it lies past the depth a single
/// search serves.
package enum AICAnswer: Sendable {
    case page(JSONRecordsPage)
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
