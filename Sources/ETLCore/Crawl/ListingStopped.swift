import FetchEngine

/// The run stopped (a signal, a budget) before the listing answered: an
/// interrupted or budgeted run, not a failed one.
package struct ListingStopped: Error {
    package var reason: RequestPacer.StopReason

    package init(reason: RequestPacer.StopReason) { self.reason = reason }
}

extension RequestPacer.StopReason {
    /// How a run that stopped for this reason ended.
    package var runStatus: CrawlSummary.Status {
        switch self {
        case .stopped: return .interrupted
        case .requestBudget, .timeBudget: return .budgetReached
        }
    }
}
