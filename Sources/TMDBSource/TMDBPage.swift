import ETLCore
import SourceKit

/// One page of `/movie/now_playing`: `{"dates", "page", "results": […],
/// "total_pages", "total_results"}`.
package struct TMDBPage: Sendable {
    package var totalPages: Int
    package var totalResults: Int
    package var results: [JSONValue]

    package init?(_ json: JSONValue) {
        guard let results = json["results"]?.array, let totalPages = json["total_pages"]?.integer else { return nil }
        self.totalPages = Int(max(0, totalPages))
        totalResults = json["total_results"]?.integer.map(Int.init) ?? 0
        self.results = results
    }
}

extension TMDBPage: ListingPage {
    package var listedTotal: Int? { totalResults }
    package var itemCount: Int { results.count }
}
