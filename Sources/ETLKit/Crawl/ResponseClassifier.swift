import Foundation

/// Sorts one answer from the API into what the crawler does next.
public enum ResponseClassifier {
    public enum Verdict: Sendable, Equatable {
        /// A final outcome to store.
        case outcome(FetchResult.Outcome, status: Int?)
        /// The front end refused us: cool down, then ask again, never store.
        case block(reason: String)
        /// A transient failure: back off and try again.
        case retry(reason: String, status: Int?, retryAfter: Double?)
    }

    /// The verdict for a response to `GET /objects/{id}`.
    public static func verdict(for response: HTTPResponse) -> Verdict {
        let status = response.status
        switch status {
        case 200:
            if let object = MetObject.decode(body: response.body) {
                return .outcome(.fetched(body: response.body, object: object), status: status)
            }
            if isJSON(response.body) {
                return .retry(reason: "HTTP 200 with a JSON body that is not an object", status: status, retryAfter: nil)
            }
            return .block(reason: "HTTP 200 with a non-JSON body (\(describe(response)))")
        case 403, 429:
            return .block(reason: "HTTP \(status) (\(describe(response)))")
        case 404:
            return .outcome(.gone(message: message(in: response.body) ?? "HTTP 404"), status: status)
        case 400:
            return .outcome(.badID(message: message(in: response.body) ?? "HTTP 400"), status: status)
        case 408, 500...599:
            return .retry(reason: "HTTP \(status)", status: status, retryAfter: response.retryAfter)
        default:
            return .outcome(.failed(reason: "unexpected HTTP \(status)"), status: status)
        }
    }

    /// The verdict for a request that got no complete response.
    public static func verdict(for error: HTTPError) -> Verdict {
        error.isRetryable
            ? .retry(reason: error.description, status: nil, retryAfter: nil)
            : .outcome(.failed(reason: error.description), status: nil)
    }

    /// The `message` of an API error body such as `{"message":"Not a valid object"}`.
    static func message(in body: [UInt8]) -> String? {
        struct ErrorBody: Decodable { var message: String }
        return (try? JSONDecoder().decode(ErrorBody.self, from: Data(body)))?.message
    }

    private static func isJSON(_ body: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])) != nil
    }

    private static func describe(_ response: HTTPResponse) -> String {
        let type = response.contentType ?? "no content type"
        return "\(type), \(response.body.count) bytes"
    }
}
