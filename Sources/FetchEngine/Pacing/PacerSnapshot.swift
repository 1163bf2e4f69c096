/// The pacer's running totals and rates at one instant, read in one hop;
/// loops difference two of them to get what happened in between.
public struct PacerSnapshot: Sendable, Equatable {
    public var requests = 0
    public var refusals = 0
    public var noise = 0
    public var blocks = 0
    /// Requests per second in force (infinity when unlimited).
    public var currentRate = Double.infinity
    /// The ceiling `--rate auto` learnt from confirmed blocks, if any.
    public var ceiling: Double?
    /// Requests per second as measured so far (``RequestPacer/measuredRate``).
    public var measuredRate: Double?

    public init(
        requests: Int = 0, refusals: Int = 0, noise: Int = 0, blocks: Int = 0, currentRate: Double = .infinity, ceiling: Double? = nil,
        measuredRate: Double? = nil
    ) {
        self.requests = requests
        self.refusals = refusals
        self.noise = noise
        self.blocks = blocks
        self.currentRate = currentRate
        self.ceiling = ceiling
        self.measuredRate = measuredRate
    }
}

extension RequestPacer {
    /// The totals and rates now.
    public var snapshot: PacerSnapshot {
        PacerSnapshot(
            requests: requests, refusals: refusals, noise: noise, blocks: blocks, currentRate: currentRate, ceiling: ceiling,
            measuredRate: measuredRate)
    }
}
