/// What differs between kinds of request (an ID listing, an object, a
/// picture, another source's page): the URL of an item and how to read its
/// answers. Everything else (pacing, refusals, retries, budgets, stopping)
/// is the engine's.
public protocol FetchKind: Sendable {
    associatedtype Item: Sendable
    associatedtype Output: Sendable

    func url(for item: Item) -> String
    /// Reads a complete answer. May do the item's side effect (write a file)
    /// before returning `.done`.
    func verdict(for response: HTTPResponse, item: Item) async -> Verdict<Output>
    /// Reads a request that got no complete answer.
    func verdict(for error: HTTPError, item: Item) -> Verdict<Output>
    /// What an item that failed for good becomes (recorded, fetched again next run).
    func output(for item: Item, failure: FetchFailure, attempts: Int) -> Output
    /// Whether an answer is the front end refusing us rather than data;
    /// asked of probes, which may be for another item.
    func isRefusal(_ response: HTTPResponse) -> Bool
    /// Whether a URL of this kind that answered may serve as a probe: cheap
    /// to ask again (an object, a picture; not a multi-megabyte listing).
    var isProbeTarget: Bool { get }
}

extension FetchKind {
    public func isRefusal(_ response: HTTPResponse) -> Bool { RefusalSignal.isRefusal(response) }
    public var isProbeTarget: Bool { true }
}
