extension PercentEncoding {
    /// A URL with a query: `base` and `path` as they are, then each
    /// parameter that has a value as `name=value`, name and value encoded
    /// as query values (``Kept/queryValue``), in order, joined by `&`; no
    /// `?` when none has a value:
    ///
    ///     PercentEncoding.url("https://x/api", "/search", ["q": "a&b", "tags": nil, "page": "2"])
    ///     // "https://x/api/search?q=a%26b&page=2"
    public static func url(_ base: String, _ path: String, _ parameters: KeyValuePairs<String, String?> = [:]) -> String {
        let query = parameters.compactMap { name, value in
            value.map { encoded(name, keeping: .queryValue) + "=" + encoded($0, keeping: .queryValue) }
        }
        return base + path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}
