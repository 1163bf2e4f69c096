import Synchronization

/// A request to stop crawling, set from a signal handler or a test and read
/// by the crawl loop between requests.
public final class StopSignal: Sendable {
    private let signalNumber = Atomic<Int32>(0)

    public init() {}

    /// Asks the crawl to stop taking new work; the first reason wins.
    public func request(signal: Int32) {
        _ = signalNumber.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
    }

    public var isRequested: Bool { signalNumber.load(ordering: .relaxed) != 0 }

    /// The signal that asked for the stop (SIGINT, SIGTERM), or nil.
    public var requestedSignal: Int32? {
        let value = signalNumber.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }
}
