/// Requests, retries and refused answers spent on one item.
public struct FetchTally: Sendable, Equatable {
    public var requests = 0
    public var retries = 0
    public var refusals = 0
    /// Body bytes of the answers received, probes included.
    public var bytes = 0

    public init() {}
}
