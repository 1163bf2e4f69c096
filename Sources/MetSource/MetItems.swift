import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit

/// How the Met's objects are planned, fetched and written.
package struct MetItems: ItemFetcher {
    package typealias Writer = ResultWriter

    package init() {}

    package func kind(api: String) -> ObjectRequest { ObjectRequest(api: api) }

    /// What a Met crawl reads before the lock, the catalog or a request:
    /// the `--ids` file's IDs (a pipe can be read only once) and the
    /// `--csv` plan, so a bad file (or a signal while one is waited for)
    /// ends the run with nothing changed and nothing asked.
    package struct Inputs: Sendable {
        var ids: ObjectListingBody?
        var plan: CrawlPlan?
    }

    package func readInputs(_ options: CrawlOptions, stop: StopSignal) throws -> Inputs {
        Inputs(
            ids: try options.idsFile.map { try ObjectListing.readIDs(path: $0, stop: stop) },
            plan: try options.met.csvPath.map { try CrawlPlan(csvPath: $0, stop: stop) })
    }

    package func mode(of options: CrawlOptions, hasCursor: Bool) -> String {
        if options.idsFile != nil { return "ids" }
        if options.isFull || !hasCursor { return "full" }
        return "incremental"
    }

    /// Brings the catalog's queue up to date and returns it in work order.
    package func plan(_ context: PlanContext, inputs: Inputs, summary: inout CrawlSummary) async throws -> [Int] {
        let (catalog, options) = (context.catalog, context.options)
        var changes: ListingChanges?
        var changed: Set<Int> = []
        if let body = inputs.ids {
            let ids = body.ids
            summary.listed = ids.count
            summary.skippedListed = body.duplicateIDs
            try catalog.registerIDs(ids)
            if options.isFull { try catalog.markForFetch(ids: ids) }
        } else {
            let listing = ObjectListing(
                client: context.client, pacer: context.pacer, api: options.api, maxAttempts: options.pacing.maxAttempts,
                backoff: options.backoff)
            let body = try await listing.fetchIDs()
            summary.listed = body.ids.count
            summary.skippedListed = body.invalidIDs + body.duplicateIDs
            changes = try catalog.registerListing(
                ids: body.ids, at: Date(), maxWithdraw: WithdrawLimit(percent: options.maxWithdrawPercent, url: "\(options.api)/objects"))
            summary.withdrawn = changes?.withdrawn ?? 0
            if options.isFull {
                try catalog.markAllForFetch()
            } else if let since = options.met.since ?? context.cursor.flatMap(Self.dayBefore) {
                let changedIDs = try await listing.fetchIDs(metadataDate: since).ids
                try catalog.markForFetch(ids: changedIDs)
                changed = Set(changedIDs)
            }
        }
        var queue = try catalog.queuedIDs()
        if let plan = inputs.plan {
            // The CSV is a snapshot: what the API says changed is fetched regardless.
            if options.met.isCSVSkip && !options.isFull {
                summary.plannedOut = try catalog.planOut(plan, ids: queue.filter { !changed.contains($0) })
                queue = try catalog.queuedIDs()
            }
            queue = plan.ordered(queue)
        }
        summary.queued = queue.count
        context.reporter.crawl(didReport: .planned(mode: context.mode, listed: summary.listed, changes: changes, queued: queue.count))
        return queue
    }

    /// The API's `metadataDate` has day granularity and undocumented
    /// inclusivity, so incremental runs overlap the previous one by a day.
    package static func dayBefore(_ day: String) -> String? {
        Timestamp.date(fromDay: day).map { Timestamp.day(of: $0.addingTimeInterval(-86_400)) }
    }
}
