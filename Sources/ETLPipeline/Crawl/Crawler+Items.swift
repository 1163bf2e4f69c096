import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry

extension Crawler {
    /// Reads what the options name (before the lock), and returns the
    /// fetching of `items` with it.
    func itemFetching<Items: ItemFetcher>(_ items: Items) throws -> (inout CrawlRun) async throws -> Void {
        let inputs = try items.readInputs(options, stop: stop)
        return { run in try await self.fetchItems(items, inputs: inputs, run: &run) }
    }

    /// A source fetched item by item: plan the queue, fetch it through the
    /// engine's loop with the source's writer, rebuild works and pages.
    func fetchItems<Items: ItemFetcher>(_ items: Items, inputs: Items.Inputs, run: inout CrawlRun) async throws {
        let catalog = run.catalog
        let keptBefore = try catalog.keptCount()
        let context = PlanContext(
            catalog: catalog, options: options, client: client, pacer: run.pacer, stop: stop, reporter: reporter,
            cursor: run.cursor, mode: run.summary.mode)
        let queue: [Int]
        do {
            queue = try await items.plan(context, inputs: inputs, summary: &run.summary)
        } catch let stopped as ListingStopped {
            // Stopped before the work was known: nothing was fetched or changed.
            reporter.crawl(didReport: .stopping(reason: stopped.reason.description))
            run.summary.status = stopped.reason.runStatus
            run.summary.remaining = try catalog.queuedIDs().count
            return
        }
        let pacing = options.pacing
        let fetcher = Fetcher(
            kind: items.kind(api: options.api), client: client, pacer: run.pacer,
            maxAttempts: pacing.maxAttempts, backoff: options.backoff, seed: pacing.jitterSeed)
        let loop = ObjectLoop<Items.Kind, Items.Writer>(
            catalog: catalog, reporter: reporter, loop: FetchLoop(fetcher: fetcher, concurrency: pacing.concurrency), api: options.api)
        // A plan that asked the API (the Met's listing) got answers, or it
        // would have thrown: only objects fetched with nothing asked before
        // (`--ids`) can show that the API was never reached.
        let isReached = await run.pacer.requests > 0
        run.summary.status = try await loop.run(
            queue: queue, summary: &run.summary, minutes: &run.paced.minutes, isReached: isReached)
        try run.summary.recordWorksAndPages(of: catalog, keptBefore: keptBefore, options: options, reporter: reporter)
        run.summary.remaining = try catalog.queuedIDs().count
        if run.summary.status == .completed {
            try catalog.setSetting(Self.cursorKey, to: Timestamp.day(of: run.startedAt))
        }
    }
}
