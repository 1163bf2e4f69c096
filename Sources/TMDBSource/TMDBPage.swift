import ETLCore
import SourceKit

/// One page of `/movie/now_playing`: `{"dates", "page", "results": […],
/// "total_pages", "total_results"}`.
package struct TMDBPage: RecordsPage {
    package var totalPages: Int
    package var total: Int
    package var records: [JSONValue]

    package init?(_ json: JSONValue) {
        guard let listed = Self.listed(json, records: "results", total: "total_results"),
              let totalPages = Self.count(json["total_pages"], digits: false) else { return nil }
        (self.totalPages, total, records) = (totalPages, listed.total, listed.records)
    }
}
