import FetchEngine
import Foundation

/// `GET {api}/objects[?metadataDate=…]`: how the ID listing's answers read.
/// The item is the listing's URL.
struct ListingRequest: FetchKind {
    enum Answer: Sendable, Equatable {
        case ids([Int])
        case failed(String)
    }

    private struct Body: Decodable {
        var total: Int?
        var objectIDs: [Int]?
    }

    func url(for url: String) -> String { url }

    func verdict(for response: HTTPResponse, item url: String) async -> Verdict<Answer> {
        switch response.status {
        case 200:
            if let body = try? JSONDecoder().decode(Body.self, from: Data(response.body)) {
                return .done(.ids(body.objectIDs ?? []))
            }
            if RefusalSignal.isHTML(response) {
                return .refused(FetchFailure(.refused, reason: RefusalSignal.describe(response), status: 200), isFinalIfNoise: false)
            }
            return .done(.failed("the body is not {\"total\": N, \"objectIDs\": [...]}"))
        case 403, 429:
            return .refused(FetchFailure(.refused, reason: RefusalSignal.describe(response), status: response.status), isFinalIfNoise: false)
        case 408, 500...599:
            return .retry(FetchFailure(.status, reason: "HTTP \(response.status)", status: response.status), retryAfter: response.retryAfter)
        default:
            let message = ObjectRequest.message(in: response.body)
                ?? (try? JSONDecoder().decode(String.self, from: Data(response.body)))
                ?? "no message"
            return .done(.failed("HTTP \(response.status): \(message)"))
        }
    }

    func verdict(for error: HTTPError, item url: String) -> Verdict<Answer> {
        if case .cannotConnect(_, let reason) = error { return .fatal(ListingUnreachable(reason: reason)) }
        guard error.isRetryable else { return .done(.failed(error.description)) }
        return .retry(FetchFailure(error.category, reason: error.description))
    }

    func output(for url: String, failure: FetchFailure, attempts: Int) -> Answer {
        .failed(failure.reason)
    }
}

/// The API cannot be reached at all: retrying the listing would not help.
struct ListingUnreachable: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
