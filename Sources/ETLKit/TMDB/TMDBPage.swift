/// One page of `/movie/now_playing`: `{"dates", "page", "results": […],
/// "total_pages", "total_results"}`.
struct TMDBPage: Sendable {
    var totalPages: Int
    var totalResults: Int
    var results: [JSONValue]

    init?(_ json: JSONValue) {
        guard let results = json["results"]?.array, let totalPages = json["total_pages"]?.integer else { return nil }
        self.totalPages = Int(max(0, totalPages))
        totalResults = json["total_results"]?.integer.map(Int.init) ?? 0
        self.results = results
    }
}
