import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// The crawl's fetching: the engine's ``FetchLoop`` over the queue, with the
/// catalog's ``BatchWriter`` as the only writer.
///
/// Results are committed in batches at least every 100 ms, so `kill -9`
/// loses at most that much work, and never corrupts the catalog.
package struct ObjectLoop<Kind: FetchKind, Writer: ResultWriting> where Kind.Item == Int, Kind.Output == FetchResult<Writer.Record> {
    package let catalog: Catalog
    package let reporter: any CrawlReporter
    package let loop: FetchLoop<Kind>

    package var pacer: RequestPacer { loop.fetcher.pacer }

    /// Fetches `queue` in order; returns how the loop ended.
    /// Each minute's figures go to `run_minutes` as the minute ends.
    package func run(queue: [Int], summary: inout CrawlSummary, minutes: inout MinuteRecorder) async throws -> CrawlSummary.Status {
        let telemetry = LoopTelemetry(catalog: catalog, pacer: pacer, reporter: reporter)
        var next = queue.startIndex
        var done = 0
        var stopReason: RequestPacer.StopReason?
        /// An object the engine gave up on without an answer to record: failed, fetched again next run.
        func failed(_ objectID: Int, reason: String, tally: FetchTally) -> FetchResult<Writer.Record> {
            done += 1
            summary.failed += 1
            minutes.count(failed: 1, tally: tally, isCommitted: true)
            return FetchResult(
                objectID: objectID, outcome: .failed(reason: reason), httpStatus: nil, fetchedAt: Date(), attempts: tally.requests)
        }
        try await BatchWriter<Writer>.withWriter(catalogPath: catalog.path, reasons: catalog.reasons) { writer in
            stopReason = try await loop.run(
                next: {
                    guard next < queue.endIndex else { return nil }
                    defer { next += 1 }
                    return (queue[next], jitter: UInt64(truncatingIfNeeded: queue[next]))
                },
                onCompletion: { completion in
                    summary.retries += completion.tally.retries
                    switch completion {
                    case .finished(var result, let tally):
                        result.attempts = tally.requests
                        done += 1
                        count(result, into: &summary)
                        minutes.count(result, tally: tally)
                        return result
                    case .unreachable(let objectID, let failure, let tally):
                        return failed(objectID, reason: failure.reason, tally: tally)
                    case .fatal(let objectID, let error, let tally):
                        return failed(objectID, reason: "\(error)", tally: tally)
                    case .abandoned(_, _, let tally):
                        minutes.count(tally: tally, isCommitted: false)
                        return nil
                    }
                },
                commit: { try await writer.submit($0) },
                onHeartbeat: {
                    await telemetry.beat(&minutes, done: done, total: queue.count, retries: summary.retries, failures: summary.failed)
                },
                onStop: telemetry.stopping)
        }
        await telemetry.finish(&minutes)
        return stopReason?.runStatus ?? .completed
    }

    private func count(_ result: FetchResult<Writer.Record>, into summary: inout CrawlSummary) {
        switch result.outcome {
        case .fetched: summary.fetched += 1
        case .gone: summary.gone += 1
        case .badID: summary.badIDs += 1
        case .failed: summary.failed += 1
        }
    }
}

extension CrawlReporter {
    /// Hands the pacer's news to the operator.
    package func report(_ events: [PacerEvent]) {
        for event in events { crawl(didReport: .pacer(event)) }
    }
}
