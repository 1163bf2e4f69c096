/// What one answer means for its item.
public enum Verdict<Output: Sendable>: Sendable {
    /// A final outcome to record.
    case done(Output)
    /// A transient failure: back off (or wait `retryAfter`) and ask again,
    /// up to the attempts; then record the failure.
    case retry(FetchFailure, retryAfter: Double? = nil)
    /// The front end may be refusing us (see ``RefusalJudge``). If a probe
    /// shows it was noise, the item fails for good when `isFinalIfNoise`,
    /// else is retried under its own attempts.
    case refused(FetchFailure, isFinalIfNoise: Bool)
    /// The run cannot go on (a picture cannot be written).
    case fatal(any Error & Sendable)
}

/// Why an item's request failed.
public struct FetchFailure: Sendable, Equatable {
    public enum Category: String, Sendable {
        case status, timeout, network, truncated, refused, badBody, tooLarge, invalidURL, unreachable
    }

    public var category: Category
    public var reason: String
    public var status: Int?
    /// The answer's `Content-Type`, when there was an answer.
    public var contentType: String?

    public init(_ category: Category, reason: String, status: Int? = nil, contentType: String? = nil) {
        self.category = category
        self.reason = reason
        self.status = status
        self.contentType = contentType
    }

    /// The same failure, its reason saying how many answers it took.
    public func after(_ attempts: Int, _ what: String = "attempts") -> FetchFailure {
        var copy = self
        copy.reason += " (after \(attempts) \(what))"
        return copy
    }
}

/// Requests, retries and refused answers spent on one item.
public struct FetchTally: Sendable, Equatable {
    public var requests = 0
    public var retries = 0
    public var refusals = 0
    /// Body bytes of the answers received, probes included.
    public var bytes = 0

    public init() {}
}

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

