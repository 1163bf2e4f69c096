import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry

extension Crawler {
    /// A source whose listing carries the records: read the whole list,
    /// storing every item with its verdict as the lister settles it (so
    /// memory holds one window, not the list), withdraw what left the list,
    /// rebuild the works and pages. What was read is kept even when the
    /// reading failed half-way; nothing is withdrawn from a list read in part.
    func readListing(_ lister: any RecordLister, table: SourceTable?, run: inout CrawlRun) async throws {
        run.summary.source = options.source
        // Counted before the listing stores anything: what it stores is this run's.
        let keptBefore = try run.catalog.keptCount()
        let writer = try ListingWriter(catalog: run.catalog, table: table, at: run.startedAt)
        var listing = SourceListing(store: writer)
        var failure: (any Error)?
        let heartbeat = ListingHeartbeat(
            minutes: run.paced.minutes, pacer: run.pacer, reporter: reporter, start: run.paced.start, catalogPath: run.catalog.path)
        // A long Retry-After is said when it is met, not after the listing.
        await run.pacer.deliverEvents { [reporter] in reporter.crawl(didReport: .pacer($0)) }
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
                options: options, client: client, pacer: run.pacer, startedAt: run.startedAt, observer: heartbeat,
                searchDepth: rememberedDepth)
            try await lister.list(context, into: &listing, summary: &run.summary)
        } catch let stopped as ListingStopped {
            reporter.crawl(didReport: .stopping(reason: stopped.reason.description))
            run.summary.status = stopped.reason.runStatus
        } catch {
            failure = error
        }
        await run.pacer.deliverEvents(to: nil)
        // The heartbeat closed the minutes that passed while it read; the run closes the last.
        run.paced.minutes = await heartbeat.minutes
        // A run that read nothing (a refused key) leaves works and pages as they were.
        if failure == nil || listing.count > 0 {
            do {
                try listing.flush(to: writer)
                try record(listing, writer: writer, table: table, keptBefore: keptBefore, run: &run)
                var tally = FetchTally()
                tally.requests = await run.pacer.requests
                run.paced.minutes.count(ok: listing.count, complete: try writer.completeCount(), tally: tally, isCommitted: false)
            } catch {
                failure = failure ?? error
            }
        }
        run.hasRecorded = listing.count > 0
        if let failure { throw failure }
    }

    /// Withdraws what a complete listing lacks, rebuilds works and pages
    /// (every item is stored by now).
    private func record(_ listing: SourceListing, writer: ListingWriter, table: SourceTable?, keptBefore: Int, run: inout CrawlRun) throws {
        let catalog = run.catalog
        run.summary.listed = listing.count
        run.summary.skippedListed = listing.repeats + listing.withoutID
        (run.summary.withoutUsableID, run.summary.listedAgain) = (listing.withoutID, listing.repeats)
        if listing.isComplete {
            let changes = try writer.registerComplete(maxWithdraw: WithdrawLimit(percent: options.maxWithdrawPercent, url: options.api))
            run.summary.withdrawn = changes.withdrawn
            reporter.crawl(didReport: .planned(mode: "full", listed: listing.count, changes: changes, queued: 0))
        }
        run.summary.fetched = listing.count
        try run.summary.recordWorksAndPages(of: catalog, keptBefore: keptBefore, options: options, reporter: reporter) {
            if let table { try catalog.copySourceColumns(from: table) }
        }
    }
}
