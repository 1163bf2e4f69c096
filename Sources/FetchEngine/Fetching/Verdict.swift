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

