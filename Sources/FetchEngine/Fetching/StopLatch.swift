/// Why a loop stopped taking work: the first reason wins.
public struct StopLatch: Sendable {
    public private(set) var reason: RequestPacer.StopReason?

    public init() {}

    public var isStopped: Bool { reason != nil }

    /// Latches `reason`; true when it is the first (report it then).
    public mutating func stop(_ reason: RequestPacer.StopReason) -> Bool {
        guard self.reason == nil else { return false }
        self.reason = reason
        return true
    }
}
