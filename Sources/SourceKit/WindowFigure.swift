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

extension CrawlSummary {
    /// How a listing read in windows went: `read(windows)`, the source's
    /// words for its windows, and how many changed while read; nil when
    /// the crawl read no windows.
    package func windowsRead(_ read: (Int) -> String) -> String? {
        guard let windows else { return nil }
        let unsteady = unsteadyWindows ?? 0
        return read(windows) + (unsteady > 0 ? ", \(unsteady) changed while read (nothing withdrawn)" : "")
    }
}
