import ETLCore

/// Flickr's own crawl figure (its windows are ``WindowFigure``'s).
package enum FlickrFigure: String, SummaryFigure {
    /// Items past what the API serves of one upload second (nothing withdrawn).
    case unreachable
}

extension CrawlSummary {
    package var unreachable: Int? {
        get { self[count: FlickrFigure.unreachable] }
        set { self[count: FlickrFigure.unreachable] = newValue }
    }
}
