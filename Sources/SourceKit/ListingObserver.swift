/// Hears a listing as it is read, page by page: the crawl turns it into
/// progress lines and per-minute telemetry (see `ListingHeartbeat`).
package protocol ListingObserver: Sendable {
    /// A page came back with `items` records.
    func pageRead(items: Int) async
    /// The listing holds about `count` records from the start of the page
    /// just read on (that page's included): said when a page tells a total.
    func expect(fromLastPage count: Int) async
    /// The listing opened its `count`th window.
    func windowsOpened(_ count: Int) async
    /// An offset listing has read up to `position` of the `total` records
    /// its last page says the collection holds, in `pages` pages of its
    /// size: its probes read earlier pages again, which count no further.
    func reached(_ position: Int, of total: Int, pages: Int) async
}

/// A listing page that knows how many records it holds, so the
/// ``PageReader`` can count them for progress.
package protocol CountedPage {
    var itemCount: Int { get }
}
