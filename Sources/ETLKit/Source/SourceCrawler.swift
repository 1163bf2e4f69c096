import FetchEngine
import Foundation

/// Runs one crawl of a source whose listing carries whole records (Flickr,
/// TMDB): read the list through the fetch engine, record every item with
/// its verdict, withdraw what left the list, rebuild the works and pages.
/// The catalog, pages, `runs` and telemetry are the Met's.
public struct SourceCrawler: Sendable {
    public let options: CrawlOptions
    public let client: any HTTPClient
    public let reporter: any CrawlReporter
    public let stop: StopSignal
    /// Masked out of every error text, in case a server echoes it.
    let credential: SourceCredential?

    public init(
        options: CrawlOptions, client: any HTTPClient, credential: SourceCredential? = nil,
        reporter: any CrawlReporter = SilentReporter(), stop: StopSignal = StopSignal()
    ) {
        self.options = options
        self.client = client
        self.credential = credential
        self.reporter = reporter
        self.stop = stop
    }

    public func run() async throws -> CrawlSummary {
        guard let table = options.source.table else { preconditionFailure("the Met is crawled by Crawler") }
        try Catalog.checkExisting(path: options.catalogPath)
        try PageWriter(outDirectory: options.outDirectory).checkWritable()
        let lock = try CatalogLock(catalogPath: options.catalogPath)
        defer { withExtendedLifetime(lock) {} }
        let catalog = try Catalog.open(path: options.catalogPath)
        try catalog.bind(to: options.source)
        try catalog.closeAbandonedRuns()
        let startedAt = Date()
        let clock = ContinuousClock()
        let start = clock.now
        let pacer = options.pacing.makePacer(stop: stop)
        let runID = try catalog.beginRun(mode: "full", startedAt: startedAt)
        try catalog.recordBudgets(runID: runID, maxDuration: options.pacing.maxDuration, maxRequests: options.pacing.maxRequests)
        var minutes = MinuteRecorder(kind: .crawl, runID: runID, startedAt: startedAt, start: start, seconds: options.telemetrySeconds)
        var summary = CrawlSummary()
        summary.source = options.source
        var listing = SourceListing()
        var failure: (any Error)?
        do {
            try await list(into: &listing, summary: &summary, pacer: pacer, startedAt: startedAt)
        } catch let stopped as ListingStopped {
            reporter.crawl(didReport: .stopping(reason: stopped.reason.description))
            summary.status = stopped.reason.runStatus
        } catch {
            // What was read is kept; nothing is withdrawn from a list read in part.
            summary.status = .failed
            summary.error = masked("\(error)")
            failure = error
        }
        do {
            let keptBefore = try catalog.keptIDs().count
            summary.listed = listing.items.count
            summary.skippedListed = listing.repeats + listing.withoutID
            if listing.isComplete {
                let changes = try catalog.registerListing(
                    ids: listing.ids, at: startedAt,
                    maxWithdraw: WithdrawLimit(percent: options.maxWithdrawPercent, url: options.api))
                summary.withdrawn = changes.withdrawn
                reporter.crawl(didReport: .planned(mode: "full", listed: listing.items.count, changes: changes, queued: 0))
            }
            try catalog.store(listing.items, table: table, at: startedAt)
            summary.fetched = listing.items.count
            var tally = FetchTally()
            tally.requests = await pacer.requests
            minutes.count(ok: listing.items.count, complete: listing.items.filter(\.isComplete).count, tally: tally, isCommitted: false)
            let change = try catalog.rebuildWorks()
            summary.kept = change.kept
            summary.keptDelta = change.kept - keptBefore
            let layout = try PagesBuilder(
                catalog: catalog, layout: options.layout, outDirectory: options.outDirectory,
                requireImage: options.requireImage, writesBundles: options.writesBundles
            ).build()
            summary.pageLinesChanged = layout.changedLines
            summary.unpaged = layout.unpaged
        } catch {
            summary.status = .failed
            summary.error = masked("\(error)")
            failure = failure ?? error
        }
        if let minute = minutes.finish(await pacer.snapshot, at: .now) { try? catalog.record(minute) }
        await finishTimes(&summary, pacer: pacer, elapsed: clock.now - start)
        if let failure {
            try? catalog.finishRun(id: runID, summary: summary, finishedAt: Date())
            let text = "\(failure)"
            throw masked(text) == text ? failure : MaskedError(description: masked(text))
        }
        try catalog.finishRun(id: runID, summary: summary, finishedAt: Date())
        return summary
    }

    private func list(into listing: inout SourceListing, summary: inout CrawlSummary, pacer: RequestPacer, startedAt: Date) async throws {
        let maxAttempts = options.pacing.maxAttempts
        switch options.source {
        case .flickr:
            let reader = PageReader(kind: FlickrSearchRequest(), client: client, pacer: pacer, maxAttempts: maxAttempts)
            let lister = FlickrLister(api: options.api, query: options.flickr, reader: reader, until: Int(startedAt.timeIntervalSince1970))
            var tally = FlickrLister.Tally()
            defer {
                (summary.windows, summary.unsteadyWindows) = (tally.windows, tally.unsteady)
                summary.retries = reader.tally.total.retries
            }
            try await lister.list(into: &listing, tally: &tally)
        case .tmdb:
            let reader = PageReader(kind: TMDBPageRequest(), client: client, pacer: pacer, maxAttempts: maxAttempts)
            let lister = TMDBLister(api: options.api, query: options.tmdb, reader: reader)
            var tally = TMDBLister.Tally()
            defer {
                summary.retries = reader.tally.total.retries
                summary.listPasses = tally.passes
                summary.isListSettled = tally.isSettled
                summary.listPages = tally.pagesInList
                summary.pagesLostToWholePageDecode = tally.pagesLost
            }
            try await lister.list(into: &listing, tally: &tally)
        case .met:
            preconditionFailure("the Met is crawled by Crawler")
        }
    }

    private func masked(_ text: String) -> String { credential?.masked(text) ?? text }

    private func finishTimes(_ summary: inout CrawlSummary, pacer: RequestPacer, elapsed: Duration) async {
        let seconds = elapsed.inSeconds
        summary.requests = await pacer.requests
        summary.blocks = await pacer.blocks
        summary.refusals = await pacer.refusals
        summary.noise = await pacer.noise
        summary.durationSeconds = seconds
        summary.achievedRate = seconds > 0 ? Double(summary.requests) / seconds : 0
    }
}
