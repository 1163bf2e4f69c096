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
///
/// Objects that could not be reached are held back until some object ends
/// otherwise: when none does, the API itself was never reached, and the run
/// ends as a listing that never answered does
/// (``CrawlError/unreachable(url:reason:request:)``), no object marked.
/// Once one answers, the held-back failures are stored as usual: one dead
/// object never stops the others.
package struct ObjectLoop<Kind: FetchKind, Writer: ResultWriting> where Kind.Item == Int, Kind.Output == FetchResult<Writer.Record> {
    package let catalog: Catalog
    package let reporter: any CrawlReporter
    package let loop: FetchLoop<Kind>
    /// The API the objects come from, named when none of them answered.
    package let api: String

    package var pacer: RequestPacer { loop.fetcher.pacer }

    /// How many unreachable objects are held back, no object having
    /// answered, before no more are tried: memory stays bounded, and an API
    /// that is down is not asked for the whole queue.
    package static var maxUnanswered: Int { FetchLoop<Kind>.maxBatch }

    /// Fetches `queue` in order; returns how the loop ended.
    /// Each minute's figures go to `run_minutes` as the minute ends.
    /// Throws ``CrawlError/unreachable(url:reason:request:)`` when objects
    /// were tried and every one was unreachable (unless a signal stopped the
    /// run): nothing is stored then, and the queue stays as it was.
    /// `isReached` says the API answered earlier in the run (its listing):
    /// then no object is held back.
    package func run(
        queue: [Int], summary: inout CrawlSummary, minutes: inout MinuteRecorder, isReached wasReached: Bool = false
    ) async throws -> CrawlSummary.Status {
        let telemetry = LoopTelemetry(catalog: catalog, pacer: pacer, reporter: reporter)
        var next = queue.startIndex
        var done = 0
        var stopReason: RequestPacer.StopReason?
        /// Whether the API answered before the loop, or some object ended
        /// other than unreachable (an answer, or the engine's fatal error).
        var isReached = wasReached
        /// Unreachable objects' failures not stored yet: held while nothing
        /// answered, stored with the first batch once something did.
        var unanswered: [FetchResult<Writer.Record>] = []
        var firstUnreachable: FetchFailure?
        func failedResult(_ objectID: Int, reason: String, attempts: Int) -> FetchResult<Writer.Record> {
            FetchResult(objectID: objectID, outcome: .failed(reason: reason), httpStatus: nil, fetchedAt: Date(), attempts: attempts)
        }
        /// An object the engine gave up on without an answer to record: failed, fetched again next run.
        func failed(_ objectID: Int, reason: String, tally: FetchTally) -> FetchResult<Writer.Record> {
            done += 1
            summary.failed += 1
            minutes.count(failed: 1, tally: tally, isCommitted: true)
            return failedResult(objectID, reason: reason, attempts: tally.requests)
        }
        /// The held-back failures, counted now that they are stored.
        func released() -> [FetchResult<Writer.Record>] {
            defer { unanswered.removeAll() }
            for _ in unanswered {
                summary.failed += 1
                minutes.count(failed: 1, tally: FetchTally(), isCommitted: true)
            }
            return unanswered
        }
        try await BatchWriter<Writer>.withWriter(catalogPath: catalog.path, reasons: catalog.reasons) { writer in
            stopReason = try await loop.run(
                next: {
                    guard next < queue.endIndex, isReached || unanswered.count < Self.maxUnanswered else { return nil }
                    defer { next += 1 }
                    return (queue[next], jitter: UInt64(truncatingIfNeeded: queue[next]))
                },
                onCompletion: { completion in
                    summary.retries += completion.tally.retries
                    switch completion {
                    case .finished(var result, let tally):
                        isReached = true
                        result.attempts = tally.requests
                        done += 1
                        count(result, into: &summary)
                        minutes.count(result, tally: tally)
                        return result
                    case .unreachable(let objectID, let failure, let tally) where !isReached:
                        done += 1
                        firstUnreachable = firstUnreachable ?? failure
                        minutes.count(tally: tally, isCommitted: false)
                        unanswered.append(failedResult(objectID, reason: failure.reason, attempts: tally.requests))
                        return nil
                    case .unreachable(let objectID, let failure, let tally):
                        return failed(objectID, reason: failure.reason, tally: tally)
                    case .fatal(let objectID, let error, let tally):
                        isReached = true
                        return failed(objectID, reason: "\(error)", tally: tally)
                    case .abandoned(_, _, let tally):
                        minutes.count(tally: tally, isCommitted: false)
                        return nil
                    }
                },
                commit: { batch in
                    // Something answered (it is in this batch): the held-back failures go first.
                    try await writer.submit(isReached && !unanswered.isEmpty ? released() + batch : batch)
                },
                onHeartbeat: {
                    await telemetry.beat(&minutes, done: done, total: queue.count, retries: summary.retries, failures: summary.failed)
                },
                onStop: telemetry.stopping)
        }
        await telemetry.finish(&minutes)
        // Nothing answered: the API was never reached. A signal's stop is
        // still a stop; the held-back failures are dropped either way.
        if !isReached, let firstUnreachable, stopReason != .stopped {
            throw CrawlError.unreachable(url: api, reason: firstUnreachable.reason, request: .objects)
        }
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
