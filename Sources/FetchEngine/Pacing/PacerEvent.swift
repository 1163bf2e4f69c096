/// Something the pacer learnt that the operator should hear about; loops
/// drain these on their heartbeat and hand them to the reporter.
public enum PacerEvent: Sendable, Equatable {
    /// A refusal was suspected to be a block, and a probe found it was not.
    case noise(reason: String)
    /// A block was confirmed: every request waits `cooldownSeconds`, then
    /// goes on at `newRate` (infinity when the rate is unlimited).
    case confirmedBlock(reason: String, cooldownSeconds: Double, newRate: Double)
    /// The run started inside the cooldown of the block the last run met
    /// (its pacing memory says when that began and how long it lasts): the
    /// first request waits `seconds` for it to end.
    case waitingOutBlock(seconds: Double)
    /// A block confirmed before any answer of this run was let through,
    /// after a run that ended in one: the old block still in force, not a
    /// new limit. Every request waits `cooldownSeconds`; the rate stays.
    case leftoverBlock(reason: String, cooldownSeconds: Double)
    /// A server asked for a longer `Retry-After` than is honoured.
    case cappedRetryAfter(askedSeconds: Double, waitedSeconds: Double)
}
