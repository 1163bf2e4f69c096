import ETLCatalog
import ETLCore
import FetchEngine

/// The telemetry of a fetching loop, a crawl's objects' and `etl images`':
/// each heartbeat closes a `run_minutes` row when a minute has passed,
/// remembers the pacing, hands on the pacer's news and reports progress;
/// a stop is reported once; the finish hands on the news left and closes
/// the last minute.
///
/// Telemetry never fails a run: a busy catalog costs a minute row at most.
struct LoopTelemetry {
    let catalog: Catalog
    let pacer: RequestPacer
    let reporter: any CrawlReporter
    /// When the loop began, on the pacer's clock: the progress rate counts from here.
    let start: Duration

    init(catalog: Catalog, pacer: RequestPacer, reporter: any CrawlReporter) {
        self.catalog = catalog
        self.pacer = pacer
        self.reporter = reporter
        start = pacer.clock.now
    }

    /// One heartbeat: `done` of `total` so far, with the run's retries and failures.
    func beat(_ minutes: inout MinuteRecorder, done: Int, total: Int, retries: Int, failures: Int) async {
        if let minute = minutes.observe(await pacer.snapshot, at: pacer.clock.now) { try? catalog.record(minute) }
        await minutes.rememberPacing(of: pacer, in: catalog)
        reporter.report(await pacer.takeEvents())
        reporter.crawl(didReport: .progress(await pacer.progress(
            done: done, total: total, retries: retries, failures: failures, since: start)))
    }

    /// The loop takes no new work, for `reason`.
    func stopping(_ reason: RequestPacer.StopReason) {
        reporter.crawl(didReport: .stopping(reason: reason.description))
    }

    /// After the loop: the pacer's last news, and the last minute closed.
    func finish(_ minutes: inout MinuteRecorder) async {
        reporter.report(await pacer.takeEvents())
        if let minute = minutes.finish(await pacer.snapshot, at: pacer.clock.now) { try? catalog.record(minute) }
    }
}
