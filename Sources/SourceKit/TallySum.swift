import FetchEngine
import Store
import Synchronization

/// The tallies of a run's page reads, added up.
package final class TallySum: Sendable {
    private let sum = Mutex(FetchTally())

    package func add(_ tally: FetchTally) {
        sum.withLock {
            $0.requests += tally.requests
            $0.retries += tally.retries
            $0.bytes += tally.bytes
            $0.refusals += tally.refusals
        }
    }

    package var total: FetchTally { sum.withLock { $0 } }
}
