/// A kind whose answers read by an ``AnswerLadder``: it gives its URL and
/// its ladder; the verdicts and the failed item's output are the ladder's.
public protocol LadderFetchKind: FetchKind {
    var ladder: AnswerLadder<Item, Output> { get }
}

extension LadderFetchKind {
    public func verdict(for response: HTTPResponse, item: Item) async -> Verdict<Output> {
        await ladder.verdict(for: response, item: item)
    }

    public func verdict(for error: HTTPError, item: Item) -> Verdict<Output> {
        ladder.verdict(for: error, item: item)
    }

    public func output(for item: Item, failure: FetchFailure, attempts: Int) -> Output {
        ladder.failed(item, failure)
    }
}
