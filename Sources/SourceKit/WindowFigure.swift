import ETLCore

/// The figures of a listing read in windows (a search that serves only so
/// many results per query, read window by window): the sources that list
/// so fill them and print them in their own words.
package enum WindowFigure: String, SummaryFigure {
    /// Windows searched (one when the query has few enough matches).
    case windows
    /// Windows whose pages never agreed on their total (items deleted
    /// meanwhile): the listing withdrew nothing.
    case unsteadyWindows
}

extension CrawlSummary {
    package var windows: Int? {
        get { self[count: WindowFigure.windows] }
        set { self[count: WindowFigure.windows] = newValue }
    }

    package var unsteadyWindows: Int? {
        get { self[count: WindowFigure.unsteadyWindows] }
        set { self[count: WindowFigure.unsteadyWindows] = newValue }
    }
}
