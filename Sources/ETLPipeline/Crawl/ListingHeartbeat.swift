import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry

/// A listing's heartbeat: on every page it reports progress through the
/// crawl's reporter (the executable throttles it to a live line on a
/// terminal, a line every 30 s otherwise), hands on the pacer's news, and
/// closes `run_minutes` rows as minutes pass on the pacer's clock, so the
/// report draws a long listing minute by minute instead of as one row.
///
/// Rows go through a connection of its own to the catalog (the crawl's
/// stays with the crawl); the crawl takes the recorder back when the
/// listing ends, to close the last minute and remember the pacing.
actor ListingHeartbeat: ListingObserver {
    private(set) var minutes: MinuteRecorder
    private var progress = ListingProgress()
    private var listedBeforeLastPage = 0
    /// Set once an offset listing reports where it stands (``reached(_:of:pages:)``).
    private var isByOffset = false
    private let pacer: RequestPacer
    private let reporter: any CrawlReporter
    private let start: Duration
    private let catalogPath: String
    private var catalog: Catalog?

    init(minutes: MinuteRecorder, pacer: RequestPacer, reporter: any CrawlReporter, start: Duration, catalogPath: String) {
        self.minutes = minutes
        self.pacer = pacer
        self.reporter = reporter
        self.start = start
        self.catalogPath = catalogPath
    }

    func pageRead(items: Int) async {
        // An offset listing beats when it says where it stands (``reached(_:of:pages:)``).
        guard !isByOffset else { return }
        listedBeforeLastPage = progress.listed
        progress.listed += items
        progress.pages += 1
        await beat()
    }

    func expect(fromLastPage count: Int) async {
        progress.total = listedBeforeLastPage + count
    }

    /// An offset listing says where it stands itself: its probes read
    /// earlier pages again, which are no further records, and the
    /// collection's total caps what it can claim.
    func reached(_ position: Int, of total: Int, pages: Int) async {
        isByOffset = true
        progress.total = total
        progress.listed = min(total, max(progress.listed, position))
        progress.pages = max(progress.pages, pages)
        await beat()
    }

    func windowsOpened(_ count: Int) async {
        progress.windows = count
    }

    private func beat() async {
        let snapshot = await pacer.snapshot
        let now = pacer.clock.now
        // Telemetry never fails a run: a busy catalog costs a minute row at most.
        if let minute = minutes.observe(snapshot, at: now), let catalog = connection() { try? catalog.record(minute) }
        reporter.report(await pacer.takeEvents())
        progress.requests = snapshot.requests
        progress.rate = snapshot.measuredRate
        progress.elapsedSeconds = (now - start).inSeconds
        reporter.crawl(didReport: .listing(progress))
    }

    private func connection() -> Catalog? {
        if catalog == nil { catalog = try? Catalog.openSource(path: catalogPath, create: false) }
        return catalog
    }
}
