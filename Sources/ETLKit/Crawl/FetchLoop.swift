import Foundation

/// The crawl's fetching: a ``SlidingWindow`` of at most `concurrency`
/// objects in flight, and the only writer to the catalog.
///
/// Results go to a ``BatchWriter`` in batches at least every 100 ms (the
/// window's heartbeat sees to it even when answers stop coming), so
/// `kill -9` loses at most that much work, and never corrupts the catalog.
struct FetchLoop {
    let catalog: Catalog
    let pacer: RequestPacer
    let reporter: any CrawlReporter
    let concurrency: Int
    let fetcher: ObjectFetcher

    static let flushInterval: Duration = .milliseconds(100)
    static let maxBatch = 1_000

    init(catalog: Catalog, pacer: RequestPacer, reporter: any CrawlReporter, concurrency: Int, fetcher: ObjectFetcher) {
        self.catalog = catalog
        self.pacer = pacer
        self.reporter = reporter
        self.concurrency = max(1, concurrency)
        self.fetcher = fetcher
    }

    /// Fetches `queue` in order; returns how the loop ended.
    func run(queue: [Int], summary: inout CrawlSummary) async throws -> CrawlSummary.Status {
        let clock = ContinuousClock()
        let start = clock.now
        var pending: [FetchResult] = []
        var lastFlush = clock.now
        var next = queue.startIndex
        var stopLatch = StopLatch()
        var done = 0
        var blockNotice = BlockNotice()
        let fetcher = self.fetcher

        func flush(to writer: inout BatchWriter) async throws {
            try await writer.submit(pending)
            pending.removeAll(keepingCapacity: true)
            lastFlush = clock.now
        }

        try await BatchWriter.withWriter(catalogPath: catalog.path) { writer in
            try await SlidingWindow<ObjectFetcher.Completion>(width: concurrency, interval: Self.flushInterval).run(
                next: {
                    guard !stopLatch.isStopped, next < queue.endIndex else { return nil }
                    let id = queue[next]
                    next += 1
                    return { await fetcher.fetch(objectID: id) }
                },
                onOutput: { completion in
                    switch completion {
                    case .finished(let result, let tally):
                        pending.append(result)
                        done += 1
                        count(result, tally: tally, into: &summary)
                    case .abandoned(_, let refusal, let tally):
                        summary.retries += tally.retries
                        stopLatch.stop(refusal, reporter: reporter)
                    }
                    if stop.isRequested { stopLatch.stop(.stopped, reporter: reporter) }
                    if pending.count >= Self.maxBatch || clock.now - lastFlush >= Self.flushInterval {
                        try await flush(to: &writer)
                    }
                },
                onHeartbeat: {
                    if !pending.isEmpty { try await flush(to: &writer) }
                    await blockNotice.reportNewBlocks(pacer: pacer, reporter: reporter, reason: "the server refused requests")
                    reporter.crawl(didReport: .progress(await pacer.progress(
                        done: done, total: queue.count, retries: summary.retries, failures: summary.failed, since: start)))
                })
            try await flush(to: &writer)
        }
        return stopLatch.runStatus
    }

    private var stop: StopSignal { pacer.stop }

    private func count(_ result: FetchResult, tally: FetchTally, into summary: inout CrawlSummary) {
        summary.retries += tally.retries
        switch result.outcome {
        case .fetched: summary.fetched += 1
        case .gone: summary.gone += 1
        case .badID: summary.badIDs += 1
        case .failed: summary.failed += 1
        }
    }
}
