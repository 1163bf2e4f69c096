import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// Cuts a run into `run_minutes` rows. The loop counts outcomes into
/// ``current`` as they complete; on each heartbeat it hands over the
/// pacer's snapshot, and a minute that has run its course comes back as a
/// finished row. Pacer figures are differences of its running totals, so
/// the rows of a run add up to the run's own totals.
package struct MinuteRecorder: Sendable {
    /// The minute being counted.
    package private(set) var current: RunMinute
    private let runStart: Duration
    private let runStartDate: Date
    private var minuteStart: Duration
    private var baseline = PacerSnapshot()
    /// A minute, except in tests, which cut rows faster.
    private let length: Duration
    /// Where the pacer's memory goes (no host: nowhere).
    package var pacingMemory = PacingMemoryKeeper(hosts: [])

    /// `start` is when the run's pacer was made, so requests made before
    /// the loop (the listing) fall in the first row.
    package init(kind: RunMinute.Kind, runID: Int?, startedAt: Date, start: Duration, seconds: Double = 60) {
        length = .seconds(seconds)
        current = RunMinute(kind: kind, runStartedAt: Timestamp.string(from: startedAt), runID: runID)
        current.startedAt = current.runStartedAt
        runStart = start
        runStartDate = startedAt
        minuteStart = start
    }

    /// Counts a completion's outcome into the current minute.
    package mutating func count(ok: Int = 0, gone: Int = 0, failed: Int = 0, complete: Int = 0, tally: FetchTally, isCommitted: Bool) {
        current.ok += ok
        current.gone += gone
        current.failed += failed
        current.complete += complete
        current.retries += tally.retries
        current.bytes += tally.bytes
        if isCommitted { current.objects += 1 }
    }

    /// Counts an object's fetch result into the current minute.
    package mutating func count<Record>(_ result: FetchResult<Record>, tally: FetchTally) {
        switch result.outcome {
        case .fetched(_, let object):
            let isComplete = object.isComplete(requestedID: result.objectID)
            count(ok: 1, complete: isComplete ? 1 : 0, tally: tally, isCommitted: true)
        case .gone, .badID: count(gone: 1, tally: tally, isCommitted: true)
        case .failed: count(failed: 1, tally: tally, isCommitted: true)
        }
    }

    /// Writes what the pacer learnt to the catalog: at a new confirmed
    /// block (called on each heartbeat), and always when `isFinal`.
    package mutating func rememberPacing(of pacer: RequestPacer, in catalog: Catalog, isFinal: Bool = false) async {
        await pacingMemory.save(pacer, to: catalog, isFinal: isFinal)
    }

    /// The finished row when a minute has passed since the current one began.
    package mutating func observe(_ snapshot: PacerSnapshot, at now: Duration) -> RunMinute? {
        guard now - minuteStart >= length else { return nil }
        return close(snapshot, at: now)
    }

    /// The last, partial row; nil when nothing happened since the last one.
    package mutating func finish(_ snapshot: PacerSnapshot, at now: Duration) -> RunMinute? {
        let isIdle = snapshot.requests == baseline.requests && current.objects == 0 && current.retries == 0
        if isIdle && current.minute > 0 { return nil }
        return close(snapshot, at: now)
    }

    private mutating func close(_ snapshot: PacerSnapshot, at now: Duration) -> RunMinute {
        var row = current
        row.seconds = (now - minuteStart).inSeconds
        row.requests = snapshot.requests - baseline.requests
        row.refusals = snapshot.refusals - baseline.refusals
        row.noise = snapshot.noise - baseline.noise
        row.blocks = snapshot.blocks - baseline.blocks
        row.rateInForce = snapshot.currentRate.isFinite ? snapshot.currentRate : nil
        row.ceiling = snapshot.ceiling
        row.rateAchieved = row.seconds > 0 ? Double(row.requests) / row.seconds : 0
        baseline = snapshot
        minuteStart = now
        current = RunMinute(kind: row.kind, runStartedAt: row.runStartedAt, runID: row.runID)
        current.minute = row.minute + 1
        current.startedAt = Timestamp.string(from: runStartDate.addingTimeInterval((now - runStart).inSeconds))
        return row
    }
}
