import ETLCore

/// Flickr's own crawl figure (its windows are ``WindowFigure``'s).
package enum FlickrFigure: String, SummaryFigure {
    /// Items past what the API serves of one upload second (nothing withdrawn).
    case unreachable
}
