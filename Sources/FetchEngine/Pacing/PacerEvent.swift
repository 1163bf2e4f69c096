/// Something the pacer learnt that the operator should hear about; loops
/// drain these on their heartbeat and hand them to the reporter.
public enum PacerEvent: Sendable, Equatable {
    /// A refusal was suspected to be a block, and a probe found it was not.
    case noise(reason: String)
    /// A block was confirmed: every request waits `cooldownSeconds`, then
    /// goes on at `newRate` (infinity when the rate is unlimited).
    case confirmedBlock(reason: String, cooldownSeconds: Double, newRate: Double)
    /// A server asked for a longer `Retry-After` than is honoured.
    case cappedRetryAfter(askedSeconds: Double, waitedSeconds: Double)
}
