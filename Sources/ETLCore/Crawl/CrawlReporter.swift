import FetchEngine
import Store

/// Receives what a crawl has to say; the executable prints it, tests record it.
/// The library itself never writes to the terminal.
package protocol CrawlReporter: Sendable {
    func crawl(didReport event: CrawlEvent)
}

/// Something worth telling the operator while a crawl runs.
package enum CrawlEvent: Sendable, Equatable {
    /// The work for this run is known.
    case planned(mode: String, listed: Int?, changes: ListingChanges?, queued: Int)
    /// Periodic progress (about once a second; the reporter throttles).
    case progress(CrawlProgress)
    /// A listing's progress, on every page read (the reporter throttles).
    case listing(ListingProgress)
    /// The pacer dismissed a refusal as noise, confirmed a block, or capped a wait.
    case pacer(PacerEvent)
    /// The run is stopping early.
    case stopping(reason: String)
    /// Page settings given on the command line changed the ones the
    /// catalog keeps (`--order id (was shuffle)`); said once, when stored.
    case pageSettingsChanged([String])
}

/// A reporter that ignores everything.
package struct SilentReporter: CrawlReporter {
    package init() {}
    package func crawl(didReport event: CrawlEvent) {}
}
