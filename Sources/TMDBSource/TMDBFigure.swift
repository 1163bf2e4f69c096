import ETLCore

/// TMDB's own crawl figures beside the kit's ``ListFigure``s: its list's
/// passes and the pages a whole-page decode loses.
package enum TMDBFigure: String, SummaryFigure {
    /// Times the list was read (more than one when it moved meanwhile).
    case listPasses
    /// Pages the app's whole-page decode loses (one incomplete movie costs it the page's 20).
    case pagesLostToWholePageDecode
}
