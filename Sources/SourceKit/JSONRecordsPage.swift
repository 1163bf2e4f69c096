import ETLCore

/// A listing page read by where its records and its total stand in the
/// JSON (`data` and `pagination.total`, `photos.photo` and
/// `photos.total`): the page of a source that needs nothing else typed
/// from it. The page's JSON is kept for what else a source reads from it
/// (the answer's picture server); its records are the same values, not a copy.
package struct JSONRecordsPage: RecordsPage {
    package var total: Int
    package var records: [JSONValue]
    /// Records a page holds, where the source names the field saying so.
    package var perPage: Int?
    /// The pages the window has, where the source names the field saying so.
    package var pageCount: Int?
    package var json: JSONValue

    /// The page in `json`, its records the array under `records` and its
    /// total the count at the path `total`, both under `base` when given
    /// (as are `perPage` and `pages`); `digits`: a count may come as a string
    /// of digits. Nil when `json` is no such page, or names no page count
    /// where `pages` is given (the source reads its pages by it).
    package init?(
        _ json: JSONValue, at base: String? = nil, records: String, total: String..., perPage: String? = nil, pages: String? = nil,
        digits: Bool = false
    ) {
        let body: JSONValue? = base.map { json[$0] } ?? json
        guard let listed = Self.listed(body, records: records, totalAt: total, digits: digits) else { return nil }
        (self.total, self.records, self.json) = (listed.total, listed.records, json)
        self.perPage = perPage.flatMap { Self.count(body?[$0], digits: digits) }
        if let pages {
            guard let count = Self.count(body?[pages], digits: digits) else { return nil }
            pageCount = count
        }
    }
}
