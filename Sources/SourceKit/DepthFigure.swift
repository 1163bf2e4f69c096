import ETLCore

/// The figure of a listing whose API serves only so many records of a
/// window (a search's depth): what lies past it, in windows that cannot be
/// split (one upload second, a list of more pages than are served). The
/// ``ListingPager`` counts it; such a listing withdraws nothing.
package enum DepthFigure: String, SummaryFigure {
    /// Records past the depth of windows read as far as the API serves.
    case unreachable
}

extension CrawlSummary {
    package var unreachable: Int? {
        get { self[count: DepthFigure.unreachable] }
        set { self[count: DepthFigure.unreachable] = newValue }
    }
}
