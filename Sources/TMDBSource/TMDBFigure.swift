import ETLCore

/// TMDB's own crawl figures: its paged list's passes and pages.
package enum TMDBFigure: String, SummaryFigure {
    /// Times the list was read (more than one when it moved meanwhile).
    case listPasses
    /// False when the list still moved in the last pass (nothing withdrawn).
    case isListSettled
    /// Pages of the list.
    case listPages
    /// Pages the app's whole-page decode loses (one incomplete movie costs it the page's 20).
    case pagesLostToWholePageDecode
}

extension CrawlSummary {
    package var listPasses: Int? {
        get { self[count: TMDBFigure.listPasses] }
        set { self[count: TMDBFigure.listPasses] = newValue }
    }

    package var isListSettled: Bool? {
        get { self[flag: TMDBFigure.isListSettled] }
        set { self[flag: TMDBFigure.isListSettled] = newValue }
    }

    package var listPages: Int? {
        get { self[count: TMDBFigure.listPages] }
        set { self[count: TMDBFigure.listPages] = newValue }
    }

    package var pagesLostToWholePageDecode: Int? {
        get { self[count: TMDBFigure.pagesLostToWholePageDecode] }
        set { self[count: TMDBFigure.pagesLostToWholePageDecode] = newValue }
    }
}
