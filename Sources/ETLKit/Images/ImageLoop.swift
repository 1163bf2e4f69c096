/// The downloading of `etl images`: a ``SlidingWindow`` of at most
/// `concurrency` images in flight, and the only writer to the catalog.
///
/// Rows are committed in batches at least every 100 ms (a ticker task in
/// the group sees to it), after a sync of the folder so every committed
/// row's file is durable. A picture is renamed into place before its row
/// is committed: `kill -9` in between leaves a file no row vouches for,
/// which the next run deletes before it starts (see ``ImageDirectory``).
struct ImageLoop {
    let catalog: Catalog
    let directory: ImageDirectory
    let pacer: RequestPacer
    let reporter: any CrawlReporter
    let concurrency: Int
    let fetcher: ImageFetcher

    /// Walks `plan`; returns how the loop ended. Throws when a picture
    /// cannot be written or the host is unreachable, after committing
    /// what was done.
    func run(plan: ImagePlan, summary: inout ImageSummary) async throws -> CrawlSummary.Status {
        let clock = ContinuousClock()
        let start = clock.now
        let entries = plan.entries
        var pending: [ImageResult] = []
        var lastFlush = clock.now
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
        var stopLatch = StopLatch()
        var fatal: ImageError?
        let fetcher = self.fetcher
        var blockNotice = BlockNotice()

        /// The next download, passing over cached pictures, until the target is met.
        func startNext() -> (@Sendable () async -> ImageFetcher.Completion)? {
            while !stopLatch.isStopped, fatal == nil, next < entries.endIndex {
                if let target = plan.target, filled + inFlight >= target { return nil }
                let entry = entries[next]
                next += 1
                if entry.isCached {
                    filled += 1
                    summary.cached += 1
                    continue
                }
                inFlight += 1
                let job = ImageFetcher.Job(objectID: entry.objectID, url: entry.url, previousFile: entry.previousFile)
                return { await fetcher.fetch(job) }
            }
            return nil
        }
        /// Downloads still to start if none fails: the uncached entries the walk will reach.
        func downloadsAhead() -> Int {
            var end = entries.endIndex
            if let target = plan.target { end = min(end, next + max(0, target - filled - inFlight)) }
            return downloadsBefore[end] - downloadsBefore[next]
        }
        func flush() throws {
            guard !pending.isEmpty else { return }
            directory.sync()
            try catalog.recordImages(pending)
            for result in pending {
                if let stale = result.staleFile { directory.remove(stale) }
            }
            pending.removeAll(keepingCapacity: true)
            lastFlush = clock.now
        }

        try await SlidingWindow<ImageFetcher.Completion>(width: concurrency, interval: FetchLoop.flushInterval).run(
            next: startNext,
            onOutput: { completion in
                inFlight -= 1
                switch completion {
                case .finished(let result, let tally):
                    pending.append(result)
                    done += 1
                    summary.count(result, retries: tally.retries)
                    if case .saved = result.outcome { filled += 1 }
                case .abandoned(let refusal, let tally):
                    abandoned += 1
                    summary.retries += tally.retries
                    stopLatch.stop(refusal, reporter: reporter)
                case .unreachable(let reason, let tally):
                    abandoned += 1
                    summary.retries += tally.retries
                    if fatal == nil { fatal = .unreachable(reason: reason) }
                case .cannotWrite(let error, let tally):
                    abandoned += 1
                    summary.retries += tally.retries
                    if fatal == nil { fatal = error }
                }
                if pacer.stop.isRequested { stopLatch.stop(.stopped, reporter: reporter) }
                if pending.count >= FetchLoop.maxBatch || clock.now - lastFlush >= FetchLoop.flushInterval {
                    try flush()
                }
            },
            onHeartbeat: {
                try flush()
                await blockNotice.reportNewBlocks(pacer: pacer, reporter: reporter, reason: "the image host refused requests")
                let total = done + inFlight + abandoned + downloadsAhead()
                reporter.crawl(didReport: .progress(await pacer.progress(
                    done: done, total: total, retries: summary.retries, failures: summary.failed, since: start)))
            })
        try flush()
        summary.remaining = abandoned + downloadsAhead()
        if let fatal { throw fatal }
        return stopLatch.runStatus
    }
}
