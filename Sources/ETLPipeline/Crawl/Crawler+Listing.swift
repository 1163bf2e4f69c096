import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry

extension Crawler {
    /// A source whose listing carries the records: read the whole list,
    /// record every item with its verdict, withdraw what left the list,
    /// rebuild the works and pages. What was read is kept even when the
    /// reading failed half-way; nothing is withdrawn from a list read in part.
    func readListing(_ lister: any RecordLister, table: SourceTable?, run: inout CrawlRun) async throws {
        run.summary.source = options.source
        var listing = SourceListing()
        var failure: (any Error)?
        let host = PacingMemoryKeeper.host(of: options.api)
        let rememberedDepth = host.flatMap { try? run.catalog.searchDepth(host: $0) }
        defer {
            // Like the pacing memory, never a reason to fail the run.
            if let host, let learnt = listing.searchDepth, learnt != rememberedDepth {
                try? run.catalog.saveSearchDepth(learnt, host: host)
            }
        }
        do {
            let context = ListingContext(
                options: options, client: client, pacer: run.pacer, startedAt: run.startedAt, searchDepth: rememberedDepth)
            try await lister.list(context, into: &listing, summary: &run.summary)
        } catch let stopped as ListingStopped {
            reporter.crawl(didReport: .stopping(reason: stopped.reason.description))
            run.summary.status = stopped.reason.runStatus
        } catch {
            failure = error
        }
        // A run that read nothing (a refused key) leaves works and pages as they were.
        if failure == nil || !listing.items.isEmpty {
            do {
                try record(listing, table: table, run: &run)
                var tally = FetchTally()
                tally.requests = await run.pacer.requests
                run.paced.minutes.count(
                    ok: listing.items.count, complete: listing.items.filter(\.isComplete).count, tally: tally, isCommitted: false)
            } catch {
                failure = failure ?? error
            }
        }
        run.hasRecorded = !listing.items.isEmpty
        if let failure { throw failure }
    }

    /// Withdraws what a complete listing lacks, stores every item, rebuilds works and pages.
    private func record(_ listing: SourceListing, table: SourceTable?, run: inout CrawlRun) throws {
        let catalog = run.catalog
        let keptBefore = try catalog.keptIDs().count
        run.summary.listed = listing.items.count
        run.summary.skippedListed = listing.repeats + listing.withoutID
        (run.summary.withoutUsableID, run.summary.listedAgain) = (listing.withoutID, listing.repeats)
        if listing.isComplete {
            let changes = try catalog.registerListing(
                ids: listing.ids, at: run.startedAt, maxWithdraw: WithdrawLimit(percent: options.maxWithdrawPercent, url: options.api))
            run.summary.withdrawn = changes.withdrawn
            reporter.crawl(didReport: .planned(mode: "full", listed: listing.items.count, changes: changes, queued: 0))
        }
        try catalog.store(listing.items, table: table, at: run.startedAt)
        run.summary.fetched = listing.items.count
        try run.summary.recordWorksAndPages(of: catalog, keptBefore: keptBefore, options: options, reporter: reporter) {
            if let table { try catalog.copySourceColumns(from: table) }
        }
    }
}
