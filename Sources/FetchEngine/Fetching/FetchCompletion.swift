/// How one item's fetch ended.
public enum FetchCompletion<Item: Sendable, Output: Sendable>: Sendable {
    case finished(Output, tally: FetchTally)
    /// The run stopped (signal or budget) before this item had an outcome.
    case abandoned(Item, RequestPacer.StopReason, tally: FetchTally)
    /// No connection could be made, attempt after attempt.
    case unreachable(Item, FetchFailure, tally: FetchTally)
    /// The run cannot go on.
    case fatal(Item, any Error & Sendable, tally: FetchTally)

    public var tally: FetchTally {
        switch self {
        case .finished(_, let tally), .abandoned(_, _, let tally), .unreachable(_, _, let tally), .fatal(_, _, let tally):
            return tally
        }
    }
}
