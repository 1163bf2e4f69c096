import FetchEngine
import Foundation

/// Runs one crawl: list, fetch, store, filter, write pages.
///
///     let crawler = Crawler(options: options, client: try CurlClient(...), reporter: reporter, stop: stop)
///     let summary = try await crawler.run()
public struct Crawler: Sendable {
    public let options: CrawlOptions
    public let client: any HTTPClient
    public let reporter: any CrawlReporter
    public let stop: StopSignal

    /// The `settings` key of the cursor: the UTC day the last completed run started.
    public static let cursorKey = "last_completed_run_day"

    public init(options: CrawlOptions, client: any HTTPClient, reporter: any CrawlReporter = SilentReporter(), stop: StopSignal = StopSignal()) {
        self.options = options
        self.client = client
        self.reporter = reporter
        self.stop = stop
    }

    public func run() async throws -> CrawlSummary {
        // Every input is checked before the catalog, its lock or a request is made.
        try Catalog.checkExisting(path: options.catalogPath)
        try PageWriter(outDirectory: options.outDirectory).checkWritable()
        let idsFile = try options.idsFile.map(ObjectListing.readIDs(path:))
        let lock = try CatalogLock(catalogPath: options.catalogPath)
        defer { withExtendedLifetime(lock) {} }
        let catalog = try Catalog.open(path: options.catalogPath)
        try catalog.bind(to: .met)
        try catalog.closeAbandonedRuns()
        let startedAt = Date()
        let clock = ContinuousClock()
        let start = clock.now
        let pacing = options.pacing
        let memory = PacingMemoryKeeper(urls: [options.api])
        let pacer = pacing.makePacer(stop: stop, memory: memory.load(from: catalog))
        let previousCursor = try catalog.setting(Self.cursorKey)
        let mode = modeName(hasCursor: previousCursor != nil)
        let runID = try catalog.beginRun(mode: mode, startedAt: startedAt)
        try catalog.recordBudgets(runID: runID, maxDuration: pacing.maxDuration, maxRequests: pacing.maxRequests)
        var minutes = MinuteRecorder(kind: .crawl, runID: runID, startedAt: startedAt, start: start, seconds: options.telemetrySeconds)
        minutes.pacingMemory = memory
        var summary = CrawlSummary()
        summary.mode = mode
        do {
            let keptBefore = try catalog.keptIDs().count
            let queue: [Int]
            do {
                queue = try await planWork(
                    catalog: catalog, pacer: pacer, pacing: pacing, cursor: previousCursor, idsFile: idsFile, summary: &summary)
            } catch let stopped as ListingStopped {
                // Stopped before the work was known: nothing was fetched or changed.
                reporter.crawl(didReport: .stopping(reason: stopped.reason.description))
                summary.status = stopped.reason.runStatus
                summary.remaining = try catalog.queuedIDs().count
                if let minute = minutes.finish(await pacer.snapshot, at: .now) { try? catalog.record(minute) }
                await minutes.rememberPacing(of: pacer, in: catalog, isFinal: true)
                await summary.recordTimes(of: pacer, elapsed: clock.now - start)
                try catalog.finishRun(id: runID, summary: summary, finishedAt: Date())
                return summary
            }
            let fetcher = Fetcher(
                kind: ObjectRequest(api: options.api), client: client, pacer: pacer,
                maxAttempts: pacing.maxAttempts, backoff: options.backoff, seed: pacing.jitterSeed)
            let loop = ObjectLoop(
                catalog: catalog, reporter: reporter, loop: FetchLoop(fetcher: fetcher, concurrency: pacing.concurrency))
            let outcome = try await loop.run(queue: queue, summary: &summary, minutes: &minutes)
            summary.status = outcome
            try summary.recordWorksAndPages(of: catalog, keptBefore: keptBefore, options: options, reporter: reporter)
            summary.remaining = try catalog.queuedIDs().count
            if summary.status == .completed {
                try catalog.setSetting(Self.cursorKey, to: Timestamp.day(of: startedAt))
            }
        } catch {
            if let firstTry = catalog.discardUnreachableFirstRun(id: runID, after: error) { throw firstTry }
            summary.status = .failed
            summary.error = "\(error)"
            // The minutes so far (the listing's requests too) are kept; a second finish is a no-op.
            if let minute = minutes.finish(await pacer.snapshot, at: .now) { try? catalog.record(minute) }
            await minutes.rememberPacing(of: pacer, in: catalog, isFinal: true)
            await summary.recordTimes(of: pacer, elapsed: clock.now - start)
            try? catalog.finishRun(id: runID, summary: summary, finishedAt: Date())
            throw error
        }
        await minutes.rememberPacing(of: pacer, in: catalog, isFinal: true)
        await summary.recordTimes(of: pacer, elapsed: clock.now - start)
        try catalog.finishRun(id: runID, summary: summary, finishedAt: Date())
        return summary
    }

    private func modeName(hasCursor: Bool) -> String {
        if options.idsFile != nil { return "ids" }
        if options.isFull || !hasCursor { return "full" }
        return "incremental"
    }

    /// Brings the catalog's queue up to date and returns it in work order.
    private func planWork(
        catalog: Catalog, pacer: RequestPacer, pacing: PacingOptions, cursor: String?, idsFile: ObjectListingBody?,
        summary: inout CrawlSummary
    ) async throws -> [Int] {
        var changes: ListingChanges?
        var changed: Set<Int> = []
        if let body = idsFile {
            let ids = body.ids
            summary.listed = ids.count
            summary.skippedListed = body.duplicateIDs
            try catalog.registerIDs(ids)
            if options.isFull { try catalog.markForFetch(ids: ids) }
        } else {
            let listing = ObjectListing(client: client, pacer: pacer, api: options.api, maxAttempts: pacing.maxAttempts, backoff: options.backoff)
            let body = try await listing.fetchIDs()
            summary.listed = body.ids.count
            summary.skippedListed = body.invalidIDs + body.duplicateIDs
            changes = try catalog.registerListing(
                ids: body.ids, at: Date(), maxWithdraw: WithdrawLimit(percent: options.maxWithdrawPercent, url: "\(options.api)/objects"))
            summary.withdrawn = changes?.withdrawn ?? 0
            if options.isFull {
                try catalog.markAllForFetch()
            } else if let since = options.since ?? cursor.flatMap(Self.dayBefore) {
                let changedIDs = try await listing.fetchIDs(metadataDate: since).ids
                try catalog.markForFetch(ids: changedIDs)
                changed = Set(changedIDs)
            }
        }
        var queue = try catalog.queuedIDs()
        if let csvPath = options.csvPath {
            let plan = try CrawlPlan(csvPath: csvPath, stop: stop)
            // The CSV is a snapshot: what the API says changed is fetched regardless.
            if options.isCSVSkip && !options.isFull {
                summary.plannedOut = try catalog.planOut(plan, ids: queue.filter { !changed.contains($0) })
                queue = try catalog.queuedIDs()
            }
            queue = plan.ordered(queue)
        }
        summary.queued = queue.count
        reporter.crawl(didReport: .planned(mode: summary.mode, listed: summary.listed, changes: changes, queued: queue.count))
        return queue
    }

    /// The API's `metadataDate` has day granularity and undocumented
    /// inclusivity, so incremental runs overlap the previous one by a day.
    static func dayBefore(_ day: String) -> String? {
        Timestamp.date(fromDay: day).map { Timestamp.day(of: $0.addingTimeInterval(-86_400)) }
    }
}
