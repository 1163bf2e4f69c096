import ETLCore
import ETLPictures
import FetchEngine

/// Record fields copied into typed columns, so analysts and Datasette
/// filter, sort and facet on them without `json_extract`. Which columns
/// exist is the catalog's; a source fills them (the Met from each body).
package enum PromotedColumns {
    /// Columns of `objects` that only this list fills.
    package static let objectColumns = [
        "object_begin_date", "object_end_date", "culture", "period", "country", "artist_nationality",
        "accession_number", "credit_line", "is_highlight", "title_text",
    ]

    /// Columns copied from `objects` to `works` for every kept work.
    package static let workColumns = SharedColumn.workColumns.map(\.rawValue)
}
