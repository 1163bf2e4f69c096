import ETLCore

/// TMDB's own crawl figure beside the kit's ``ListFigure``s: the pages a
/// whole-page decode loses.
package enum TMDBFigure: String, SummaryFigure {
    /// Pages the app's whole-page decode loses (one incomplete movie costs it the page's 20).
    case pagesLostToWholePageDecode
}
