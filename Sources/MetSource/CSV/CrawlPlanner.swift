import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit
import Store

/// `etl plan`: reads the listing (or an `--ids` file) and the CSV, and
/// reports what a crawl would fetch, without fetching any object.
package struct CrawlPlanner: Sendable {
    package var csvPath: String
    package var api = MetSource().defaults.api
    package var idsFile: String?
    /// Requests per second for the time estimate.
    package var rate = 1.0
    package var userAgent = MetSource().defaults.userAgent
    package var client: (any HTTPClient)?
    /// The command's stop signal: a signal ends reading the CSV or the listing.
    package var stop = StopSignal()

    package init(csvPath: String) {
        self.csvPath = csvPath
    }

    package func run() async throws -> PlanReport {
        let plan = try CrawlPlan(csvPath: csvPath, stop: stop)
        let ids: [Int]
        if let idsFile {
            ids = try ObjectListing.readIDs(path: idsFile, stop: stop).ids
        } else {
            let client = try self.client ?? CurlClient(configuration: .init(userAgent: userAgent))
            let pacer = RequestPacer(rate: .unlimited, cooldown: 60, maxRequests: 5, maxDuration: nil, stop: stop)
            do {
                ids = try await ObjectListing(client: client, pacer: pacer, api: api, maxAttempts: 3, backoff: Backoff()).fetchIDs().ids
            } catch CrawlError.unreachable(let url, let reason, _) {
                // What `crawl` says on a first try without the network, and the way a plan needs none.
                throw CrawlError.listingFailed(
                    url: url,
                    reason: "\(reason). No answer from this API: check the network or proxy (https_proxy), give a reachable "
                        + "mirror with --api URL (such as the offline quick start's mock API on 127.0.0.1, see README.md), "
                        + "or plan for a file of IDs with --ids FILE")
            }
        }
        var report = PlanReport()
        report.listed = ids.count
        let tally = plan.tally(ids)
        report.likelyComplete = tally.likelyComplete
        report.unknown = tally.unknown
        report.cannotPass = tally.cannotPass
        for id in ids {
            for reason in plan.reasons(for: id) { report.reasons[reason, default: 0] += 1 }
        }
        report.csvRows = plan.readSummary.rowsRead
        report.csvBadRows = plan.readSummary.badRows
        report.requestsWithoutSkip = ids.count
        report.requestsWithSkip = tally.likelyComplete + tally.unknown
        report.rate = rate
        report.secondsWithoutSkip = Double(report.requestsWithoutSkip) / rate
        report.secondsWithSkip = Double(report.requestsWithSkip) / rate
        return report
    }
}
