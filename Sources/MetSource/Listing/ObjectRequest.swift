import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit
import Store

/// `GET {api}/objects/{id}`: how the Met API's answers for one object read.
package struct ObjectRequest: FetchKind {
    package let api: String

    package func url(for objectID: Int) -> String { "\(api)/objects/\(objectID)" }

    package func verdict(for response: HTTPResponse, item objectID: Int) async -> Verdict<MetResult> {
        Self.verdict(for: response, objectID: objectID)
    }

    package func verdict(for error: HTTPError, item objectID: Int) -> Verdict<MetResult> {
        guard error.isRetryable else { return .done(result(objectID, .failed(reason: error.description), status: nil)) }
        return .retry(FetchFailure(error.category, reason: error.description))
    }

    package func output(for objectID: Int, failure: FetchFailure, attempts: Int) -> MetResult {
        result(objectID, .failed(reason: failure.reason), status: failure.status)
    }

    /// The verdict for a response to `GET /objects/{id}`.
    package static func verdict(for response: HTTPResponse, objectID: Int) -> Verdict<MetResult> {
        let status = response.status
        func done(_ outcome: MetResult.Outcome) -> Verdict<MetResult> {
            .done(MetResult(objectID: objectID, outcome: outcome, httpStatus: status, fetchedAt: Date(), attempts: 0))
        }
        switch status {
        case 200:
            if let object = MetObject.decode(body: response.body) {
                return done(.fetched(body: response.body, object: object))
            }
            if RefusalSignal.isHTML(response) {
                return .refused(FetchFailure(.refused, reason: "HTTP 200 with an HTML page instead of JSON (\(describe(response)))", status: status), isFinalIfNoise: false)
            }
            // One broken record is that object's failure, fetched again next run.
            let problem = JSONBodyCheck.problem(in: response.body) ?? "body is JSON but not an object record"
            return done(.failed(reason: "HTTP 200: \(problem)"))
        case 403, 429:
            return .refused(FetchFailure(.refused, reason: "HTTP \(status) (\(describe(response)))", status: status), isFinalIfNoise: false)
        case 404:
            return done(.gone(message: message(in: response.body) ?? "HTTP 404"))
        case 400:
            return done(.badID(message: message(in: response.body) ?? "HTTP 400"))
        case 408, 500...599:
            return .retry(FetchFailure(.status, reason: "HTTP \(status)", status: status), retryAfter: response.retryAfter)
        default:
            return done(.failed(reason: "unexpected HTTP \(status)"))
        }
    }

    /// The `message` of an API error body such as `{"message":"Not a valid object"}`.
    package static func message(in body: [UInt8]) -> String? {
        struct ErrorBody: Decodable { var message: String }
        guard JSONBodyCheck.problem(in: body) == nil else { return nil }
        return (try? JSONDecoder().decode(ErrorBody.self, from: Data(body)))?.message
    }

    private static func describe(_ response: HTTPResponse) -> String {
        "\(response.contentType ?? "no content type"), \(response.body.count) bytes"
    }

    private func result(_ objectID: Int, _ outcome: MetResult.Outcome, status: Int?) -> MetResult {
        MetResult(objectID: objectID, outcome: outcome, httpStatus: status, fetchedAt: Date(), attempts: 0)
    }
}
