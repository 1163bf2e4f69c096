import ETLCatalog
import ETLCore
import FetchEngine
import Foundation

/// One crawl's row in `runs` around the ``PacedRun`` every run shares.
struct CrawlRun {
    let catalog: Catalog
    let id: Int
    /// The UTC day the last completed run started, read before this one began.
    let cursor: String?
    var paced: PacedRun
    var summary = CrawlSummary()
    /// Whether items were stored: a run that stored some is never discarded.
    var hasRecorded = false

    var pacer: RequestPacer { paced.pacer }
    var startedAt: Date { paced.startedAt }

    init(catalog: Catalog, options: CrawlOptions, stop: StopSignal, mode: String, cursor: String?) throws {
        self.catalog = catalog
        self.cursor = cursor
        let startedAt = Date()
        id = try catalog.beginRun(mode: mode, startedAt: startedAt)
        try catalog.recordBudgets(runID: id, maxDuration: options.pacing.maxDuration, maxRequests: options.pacing.maxRequests)
        paced = PacedRun(
            catalog: catalog, kind: .crawl, runID: id, urls: [options.api], pacing: options.pacing, stop: stop,
            telemetrySeconds: options.telemetrySeconds, startedAt: startedAt)
        summary.mode = mode
    }

    /// Closes the telemetry, remembers the pacing and takes the pacer's figures.
    mutating func finish() async {
        summary.record(await paced.finish())
    }
}
