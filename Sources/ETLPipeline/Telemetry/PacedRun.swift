import ETLCatalog
import ETLCore
import FetchEngine
import Foundation

/// What every paced run shares, a crawl of any source and `etl images`: a
/// pacer started from what the catalog remembers of its hosts, telemetry
/// minutes on the pacer's clock, and the pacer's figures at the end.
struct PacedRun {
    let catalog: Catalog
    let pacer: RequestPacer
    let startedAt: Date
    /// When the run began, on the pacer's clock: its duration counts from
    /// here, work before the pacer (tidying, planning) included.
    let start: Duration
    var minutes: MinuteRecorder

    /// `urls` name the hosts whose memory starts the pacer and keeps what
    /// it learns; `runStart` is when the run began on the continuous clock
    /// (the pacer's), when that was before the pacer was made.
    init(
        catalog: Catalog, kind: RunMinute.Kind, runID: Int?, urls: [String], pacing: PacingOptions, stop: StopSignal,
        telemetrySeconds: Double, startedAt: Date, runStart: Duration? = nil
    ) {
        self.catalog = catalog
        self.startedAt = startedAt
        let memory = PacingMemoryKeeper(urls: urls)
        pacer = pacing.makePacer(stop: stop, memory: memory.load(from: catalog))
        start = runStart ?? pacer.clock.now
        // Requests made before the loop (a listing) fall in the first minute.
        minutes = MinuteRecorder(kind: kind, runID: runID, startedAt: startedAt, start: pacer.clock.now, seconds: telemetrySeconds)
        minutes.pacingMemory = memory
    }

    /// Closes the last minute (a no-op when the loop did), remembers the
    /// pacing, and takes the pacer's counts and the run's time.
    mutating func finish() async -> PacedFigures {
        if let minute = minutes.finish(await pacer.snapshot, at: pacer.clock.now) { try? catalog.record(minute) }
        await minutes.rememberPacing(of: pacer, in: catalog, isFinal: true)
        return await PacedFigures(of: pacer, elapsed: pacer.clock.now - start)
    }
}

/// The pacer's counts and the run's time, as every run's summary reports them.
struct PacedFigures {
    var requests: Int
    var blocks: Int
    var refusals: Int
    var noise: Int
    var durationSeconds: Double
    var achievedRate: Double

    init(of pacer: RequestPacer, elapsed: Duration) async {
        requests = await pacer.requests
        blocks = await pacer.blocks
        refusals = await pacer.refusals
        noise = await pacer.noise
        durationSeconds = elapsed.inSeconds
        achievedRate = durationSeconds > 0 ? Double(requests) / durationSeconds : 0
    }
}
