import FetchEngine

/// A kind for the engine's tests, read by an ``AnswerLadder``: an item is a
/// URL; data is "ok", a 404 "gone", a page with status 200 fails its item
/// when it is a lone one; the rest is the ladder's (403/429 refused, 408/5xx
/// retried with their `Retry-After`).
struct TestKind: LadderFetchKind {
    typealias Item = String
    typealias Output = String

    func url(for item: String) -> String { item }

    let ladder = AnswerLadder<String, String>(
        readBody: { response, item in RefusalSignal.isHTML(response) ? nil : .done("ok \(item)") },
        failed: { item, failure in "failed \(item): \(failure.reason)" },
        otherStatus: { response, item in
            response.status == 404 ? .done("gone \(item)") : .done("failed \(item): HTTP \(response.status)")
        },
        isPageFinalIfNoise: true)
}
