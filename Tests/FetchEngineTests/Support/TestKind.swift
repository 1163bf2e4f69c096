import FetchEngine

/// A kind for the engine's tests: an item is a URL; data is "ok", a 404
/// "gone", a 403 or 429 a refusal, a page with status 200 a weak refusal
/// (final if a lone one), a 5xx a retry (with its `Retry-After`).
struct TestKind: FetchKind {
    func url(for item: String) -> String { item }

    func verdict(for response: HTTPResponse, item: String) async -> Verdict<String> {
        let failure = FetchFailure(.status, reason: RefusalSignal.describe(response), status: response.status)
        switch response.status {
        case 200 where RefusalSignal.isHTML(response): return .refused(failure, isFinalIfNoise: true)
        case 200: return .done("ok \(item)")
        case 404: return .done("gone \(item)")
        case 403, 429: return .refused(failure, isFinalIfNoise: false)
        default: return .retry(failure, retryAfter: response.retryAfter)
        }
    }

    func verdict(for error: HTTPError, item: String) -> Verdict<String> {
        .retry(FetchFailure(error.category, reason: error.description))
    }

    func output(for item: String, failure: FetchFailure, attempts: Int) -> String {
        "failed \(item): \(failure.reason)"
    }
}
