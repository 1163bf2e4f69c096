import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry

/// One crawl's row in `runs` with what every source's crawl shares: the
/// pacer (started from the host's pacing memory), the telemetry minutes,
/// the clock and the summary.
struct CrawlRun {
    let catalog: Catalog
    let id: Int
    let pacer: RequestPacer
    let startedAt: Date
    let start: ContinuousClock.Instant
    /// The UTC day the last completed run started, read before this one began.
    let cursor: String?
    var minutes: MinuteRecorder
    var summary = CrawlSummary()
    /// Whether items were stored: a run that stored some is never discarded.
    var hasRecorded = false

    init(catalog: Catalog, options: CrawlOptions, stop: StopSignal, mode: String, cursor: String?) throws {
        self.catalog = catalog
        self.cursor = cursor
        startedAt = Date()
        start = ContinuousClock.now
        let memory = PacingMemoryKeeper(urls: [options.api])
        pacer = options.pacing.makePacer(stop: stop, memory: memory.load(from: catalog))
        id = try catalog.beginRun(mode: mode, startedAt: startedAt)
        try catalog.recordBudgets(runID: id, maxDuration: options.pacing.maxDuration, maxRequests: options.pacing.maxRequests)
        minutes = MinuteRecorder(kind: .crawl, runID: id, startedAt: startedAt, start: start, seconds: options.telemetrySeconds)
        minutes.pacingMemory = memory
        summary.mode = mode
    }

    /// Closes the last telemetry minute (a no-op when the loop did),
    /// remembers the pacing and takes the pacer's counts and the time.
    mutating func finish() async {
        if let minute = minutes.finish(await pacer.snapshot, at: .now) { try? catalog.record(minute) }
        await minutes.rememberPacing(of: pacer, in: catalog, isFinal: true)
        await summary.recordTimes(of: pacer, elapsed: ContinuousClock.now - start)
    }
}
