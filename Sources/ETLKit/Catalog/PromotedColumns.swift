import Store

/// Record fields copied into typed columns, so analysts and Datasette
/// filter, sort and facet on them without `json_extract`.
///
/// The crawl fills them from each body and the version 3 migration from the
/// stored bodies, through the same ``values(of:)``.
enum PromotedColumns {
    /// Columns of `objects` that only this list fills.
    static let objectColumns = [
        "object_begin_date", "object_end_date", "culture", "period", "country", "artist_nationality",
        "accession_number", "credit_line", "is_highlight", "title_text",
    ]

    /// The values of ``objectColumns`` for `object`, in order. Blank text
    /// is NULL so facets do not show an empty bucket.
    static func values(of object: MetObject) -> [DatabaseValue] {
        [
            .int(object.objectBeginDate), .int(object.objectEndDate), text(object.culture),
            text(object.period), text(object.country), text(object.artistNationality),
            text(object.accessionNumber), text(object.creditLine), .bool(object.isHighlight),
            .text(PlainText.from(markup: object.title)),
        ]
    }

    /// Columns copied from `objects` to `works` for every kept work.
    static let workColumns = [
        "title", "title_text", "artist_display_name", "department", "classification", "object_date",
        "object_begin_date", "object_end_date", "culture", "period", "country", "medium",
        "artist_nationality", "accession_number", "credit_line", "is_highlight", "primary_image",
        "primary_image_small", "object_url",
    ]

    private static func text(_ value: String?) -> DatabaseValue {
        guard let value, value.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return .null }
        return .text(value)
    }
}
