import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// The downloading of `etl images`: a ``SlidingWindow`` of at most
/// `concurrency` images in flight, and the only writer to the catalog.
///
/// Rows are committed in batches at least every 100 ms (a ticker task in
/// the group sees to it), after a sync of the folder so every committed
/// row's file is durable. A picture is renamed into place before its row
/// is committed: `kill -9` in between leaves a file no row vouches for,
/// which the next run deletes before it starts (see ``ImageDirectory``).
package struct ImageLoop {
    package let catalog: Catalog
    package let directory: ImageDirectory
    package let maker: PictureMaker
    package let reporter: any CrawlReporter
    package let loop: FetchLoop<ImageRequest>

    /// Walks `plan`; returns how the loop ended. Throws when a picture
    /// cannot be written, or when no image host could be reached at all
    /// (see below), after committing what was done.
    ///
    /// A picture whose host and port take no connection (after the
    /// retries) is recorded as ``ImageFailure/unreachable``, and the works
    /// whose pictures are on that host and port are passed over for the
    /// rest of the run (left for the next one): one dead host costs its
    /// pictures, never the others'.
    package func run(plan: ImagePlan, summary: inout ImageSummary, minutes: inout MinuteRecorder) async throws -> CrawlSummary.Status {
        let entries = plan.entries
        let telemetry = LoopTelemetry(catalog: catalog, pacer: loop.fetcher.pacer, reporter: reporter)
        var next = entries.startIndex
        var inFlight = 0
        var filled = 0
        var done = 0
        var abandoned = 0
        // downloadsBefore[i]: uncached entries among entries[..<i].
        var downloadsBefore = [0]
        downloadsBefore.reserveCapacity(entries.count + 1)
        var uncached = 0
        for entry in entries {
            if !entry.isCached { uncached += 1 }
            downloadsBefore.append(uncached)
        }
        /// What ends the run: an ``ImageError`` or an ``OutputError``.
        var fatal: (any Error & Sendable)?
        /// Origins (``ImageHosts/origin(of:)``) that took no connection, and
        /// downloads that reached a host or not.
        var deadOrigins: Set<String> = []
        var reached = 0
        var unreachableReason: String?
        var passedOver = 0

        /// The next download, passing over cached pictures, until the target is met.
        func startNext() -> (ImageRequest.Job, jitter: UInt64)? {
            while fatal == nil, next < entries.endIndex {
                if let target = plan.target, filled + inFlight >= target { return nil }
                let entry = entries[next]
                next += 1
                if entry.isCached {
                    filled += 1
                    summary.cached += 1
                    continue
                }
                if let origin = ImageHosts.origin(of: entry.url), deadOrigins.contains(origin) {
                    passedOver += 1
                    continue
                }
                inFlight += 1
                let job = ImageRequest.Job(objectID: entry.objectID, url: entry.url, previousFile: entry.previousFile)
                return (job, jitter: UInt64(truncatingIfNeeded: entry.objectID))
            }
            return nil
        }
        /// Downloads still to start if none fails: the uncached entries the walk will reach.
        func downloadsAhead() -> Int {
            var end = entries.endIndex
            if let target = plan.target { end = min(end, next + max(0, target - filled - inFlight)) }
            return downloadsBefore[end] - downloadsBefore[next]
        }
        func commit(_ results: [ImageResult]) throws {
            directory.sync()
            try catalog.recordImages(results)
            directory.remove(results.compactMap(\.staleFile))
            maker.thumbs.remove(results.flatMap { result in
                var kept: String?
                if case .saved(let file) = result.outcome, let facts = file.facts {
                    kept = String(facts.thumbFile.dropFirst(PictureFacts.thumbFolder.count + 1))
                }
                return maker.staleThumbs(objectID: result.objectID, kept: kept)
            })
        }

        let stopReason = try await loop.run(
            next: startNext,
            onCompletion: { completion in
                inFlight -= 1
                summary.retries += completion.tally.retries
                switch completion {
                case .finished(var result, let tally):
                    result.attempts = tally.requests
                    done += 1
                    reached += 1
                    summary.count(result, retries: 0)
                    if case .saved = result.outcome {
                        filled += 1
                        minutes.count(ok: 1, tally: tally, isCommitted: true)
                    } else {
                        minutes.count(failed: 1, tally: tally, isCommitted: true)
                    }
                    return result
                case .abandoned(_, _, let tally):
                    abandoned += 1
                    minutes.count(tally: tally, isCommitted: false)
                case .unreachable(let job, let failure, let tally):
                    var result = loop.fetcher.kind.output(for: job, failure: failure, attempts: tally.requests)
                    result.attempts = tally.requests
                    done += 1
                    summary.count(result, retries: 0)
                    minutes.count(failed: 1, tally: tally, isCommitted: true)
                    if let origin = ImageHosts.origin(of: job.url) { deadOrigins.insert(origin) }
                    if unreachableReason == nil { unreachableReason = failure.reason }
                    return result
                case .fatal(_, let error, let tally):
                    abandoned += 1
                    minutes.count(failed: 1, tally: tally, isCommitted: false)
                    if fatal == nil { fatal = error is ImageError || error is OutputError ? error : ImageError.unreachable(reason: "\(error)") }
                }
                return nil
            },
            commit: commit,
            onHeartbeat: {
                let total = done + inFlight + abandoned + downloadsAhead()
                await telemetry.beat(&minutes, done: done, total: total, retries: summary.retries, failures: summary.failed)
            },
            onStop: telemetry.stopping)
        await telemetry.finish(&minutes)
        summary.remaining = abandoned + passedOver + downloadsAhead()
        // Nothing reached: the run fails when that is news (no picture was
        // ever fetched, or a host that served the pictures on disk is down:
        // the network, most likely), not when the only hosts tried are ones
        // that never answered (a bad URL tried again each night).
        if fatal == nil, reached == 0, let unreachableReason {
            let served = Set(entries.filter(\.isCached).compactMap { ImageHosts.origin(of: $0.url) })
            if served.isEmpty || !served.isDisjoint(with: deadOrigins) { fatal = ImageError.unreachable(reason: unreachableReason) }
        }
        if let fatal { throw fatal }
        return stopReason?.runStatus ?? .completed
    }
}
