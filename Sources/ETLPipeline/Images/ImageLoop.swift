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
    /// cannot be written or the host is unreachable, after committing
    /// what was done.
    package func run(plan: ImagePlan, summary: inout ImageSummary, minutes: inout MinuteRecorder) async throws -> CrawlSummary.Status {
        let entries = plan.entries
        let pacer = loop.fetcher.pacer
        let start = pacer.clock.now
        let reporter = self.reporter
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
        var fatal: ImageError?

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
                case .unreachable(_, let failure, let tally):
                    abandoned += 1
                    minutes.count(failed: 1, tally: tally, isCommitted: false)
                    if fatal == nil { fatal = .unreachable(reason: failure.reason) }
                case .fatal(_, let error, let tally):
                    abandoned += 1
                    minutes.count(failed: 1, tally: tally, isCommitted: false)
                    if fatal == nil { fatal = error as? ImageError ?? .unreachable(reason: "\(error)") }
                }
                return nil
            },
            commit: commit,
            onHeartbeat: {
                // Telemetry never fails a run: a busy catalog costs a minute row at most.
                if let minute = minutes.observe(await pacer.snapshot, at: pacer.clock.now) { try? catalog.record(minute) }
                await minutes.rememberPacing(of: pacer, in: catalog)
                reporter.report(await pacer.takeEvents())
                let total = done + inFlight + abandoned + downloadsAhead()
                reporter.crawl(didReport: .progress(await pacer.progress(
                    done: done, total: total, retries: summary.retries, failures: summary.failed, since: start)))
            },
            onStop: { reporter.crawl(didReport: .stopping(reason: $0.description)) })
        reporter.report(await pacer.takeEvents())
        if let minute = minutes.finish(await pacer.snapshot, at: pacer.clock.now) { try? catalog.record(minute) }
        summary.remaining = abandoned + downloadsAhead()
        if let fatal { throw fatal }
        return stopReason?.runStatus ?? .completed
    }
}
