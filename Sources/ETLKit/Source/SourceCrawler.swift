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
        guard let table = options.source.table else { throw NotAListingSource(source: options.source) }
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
        let memory = PacingMemoryKeeper(urls: [options.api])
        let pacer = options.pacing.makePacer(stop: stop, memory: memory.load(from: catalog))
        let runID = try catalog.beginRun(mode: "full", startedAt: startedAt)
        try catalog.recordBudgets(runID: runID, maxDuration: options.pacing.maxDuration, maxRequests: options.pacing.maxRequests)
        var minutes = MinuteRecorder(kind: .crawl, runID: runID, startedAt: startedAt, start: start, seconds: options.telemetrySeconds)
        minutes.pacingMemory = memory
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
        // A run that read nothing (a refused key) leaves works and pages as they were.
        if failure == nil || !listing.items.isEmpty {
            do {
                try record(listing, table: table, in: catalog, startedAt: startedAt, summary: &summary)
                var tally = FetchTally()
                tally.requests = await pacer.requests
                minutes.count(ok: listing.items.count, complete: listing.items.filter(\.isComplete).count, tally: tally, isCommitted: false)
            } catch {
                summary.status = .failed
                summary.error = masked("\(error)")
                failure = failure ?? error
            }
        }
        if let failure, listing.items.isEmpty, let firstTry = catalog.discardUnreachableFirstRun(id: runID, after: failure) {
            throw firstTry
        }
        if let minute = minutes.finish(await pacer.snapshot, at: .now) { try? catalog.record(minute) }
        await minutes.rememberPacing(of: pacer, in: catalog, isFinal: true)
        await summary.recordTimes(of: pacer, elapsed: clock.now - start)
        if let failure {
            try? catalog.finishRun(id: runID, summary: summary, finishedAt: Date())
            let text = "\(failure)"
            throw masked(text) == text ? failure : MaskedError(description: masked(text))
        }
        try catalog.finishRun(id: runID, summary: summary, finishedAt: Date())
        return summary
    }

    /// Withdraws what a complete listing lacks, stores every item, rebuilds works and pages.
    private func record(
        _ listing: SourceListing, table: SourceTable, in catalog: Catalog, startedAt: Date, summary: inout CrawlSummary
    ) throws {
        let keptBefore = try catalog.keptIDs().count
        summary.listed = listing.items.count
        summary.skippedListed = listing.repeats + listing.withoutID
        (summary.withoutUsableID, summary.listedAgain) = (listing.withoutID, listing.repeats)
        if listing.isComplete {
            let changes = try catalog.registerListing(
                ids: listing.ids, at: startedAt, maxWithdraw: WithdrawLimit(percent: options.maxWithdrawPercent, url: options.api))
            summary.withdrawn = changes.withdrawn
            reporter.crawl(didReport: .planned(mode: "full", listed: listing.items.count, changes: changes, queued: 0))
        }
        try catalog.store(listing.items, table: table, at: startedAt)
        summary.fetched = listing.items.count
        try summary.recordWorksAndPages(of: catalog, keptBefore: keptBefore, options: options, reporter: reporter) {
            try catalog.copySourceColumns(from: table)
        }
    }

    private func list(into listing: inout SourceListing, summary: inout CrawlSummary, pacer: RequestPacer, startedAt: Date) async throws {
        let maxAttempts = options.pacing.maxAttempts
        switch options.source {
        case .flickr:
            let reader = PageReader(kind: FlickrSearchRequest(), client: client, pacer: pacer, maxAttempts: maxAttempts, backoff: options.backoff)
            let lister = FlickrLister(api: options.api, query: options.flickr, reader: reader, until: Int(startedAt.timeIntervalSince1970))
            var tally = FlickrLister.Tally()
            defer {
                (summary.windows, summary.unsteadyWindows, summary.unreachable) = (tally.windows, tally.unsteady, tally.unreachable)
                summary.retries = reader.tally.total.retries
            }
            try await lister.list(into: &listing, tally: &tally)
        case .tmdb:
            let reader = PageReader(kind: TMDBPageRequest(), client: client, pacer: pacer, maxAttempts: maxAttempts, backoff: options.backoff)
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
            throw NotAListingSource(source: .met)
        }
    }

    private func masked(_ text: String) -> String { credential?.masked(text) ?? text }
}

/// The Met's listing names IDs to fetch one by one: ``Crawler`` runs it.
struct NotAListingSource: Error, CustomStringConvertible {
    var source: SourceName
    var description: String { "--source \(source.rawValue) is crawled item by item, not from a listing" }
}
