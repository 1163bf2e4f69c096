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
    /// The task was cancelled before the answer was read to its end (a
    /// picture waiting for its turn to decode): dropped, as a cancelled
    /// transfer is, and asked again next run.
    case abandoned
}

