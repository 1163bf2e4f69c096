import ETLCore
import FetchEngine
import Foundation

/// `GET {api}/objects/{id}`: how the Met API's answers for one object
/// read. The engine's ladder reads refusals, retries and transport errors;
/// the object states only its body and its final statuses.
package struct ObjectRequest: LadderFetchKind {
    package typealias Item = Int
    package typealias Output = MetResult

    package let api: String

    package init(api: String) { self.api = api }

    package func url(for objectID: Int) -> String { "\(api)/objects/\(objectID)" }

    package var ladder: AnswerLadder<Int, MetResult> { Self.ladder }

    /// A 200 is the record (stored exactly as received) or that object's
    /// failure; 404 and 400 are final answers about the ID.
    static let ladder = AnswerLadder<Int, MetResult>(
        readBody: { response, id in MetObject.decode(body: response.body).map { done(id, .fetched(body: response.body, object: $0), 200) } },
        failed: { id, failure in result(id, .failed(reason: failure.reason), status: failure.status) },
        brokenBody: { response, id in
            // One broken record is that object's failure, fetched again next run.
            done(id, .failed(reason: "HTTP 200: \(JSONBodyCheck.problem(in: response.body) ?? "body is JSON but not an object record")"), 200)
        },
        otherStatus: { response, id in
            let message = message(in: response.body)
            switch response.status {
            case 404: return done(id, .gone(message: message ?? "HTTP 404"), 404)
            case 400: return done(id, .badID(message: message ?? "HTTP 400"), 400)
            default: return done(id, .failed(reason: "unexpected HTTP \(response.status)"), response.status)
            }
        },
        expecting: "JSON")

    /// The verdict for a response to `GET /objects/{id}`.
    package static func verdict(for response: HTTPResponse, objectID: Int) async -> Verdict<MetResult> {
        await ladder.verdict(for: response, item: objectID)
    }

    /// The `message` of an API error body such as `{"message":"Not a valid object"}`.
    package static func message(in body: [UInt8]) -> String? {
        struct ErrorBody: Decodable { var message: String }
        guard JSONBodyCheck.problem(in: body) == nil else { return nil }
        return (try? JSONDecoder().decode(ErrorBody.self, from: Data(body)))?.message
    }

    private static func done(_ id: Int, _ outcome: MetResult.Outcome, _ status: Int) -> Verdict<MetResult> {
        .done(result(id, outcome, status: status))
    }

    private static func result(_ id: Int, _ outcome: MetResult.Outcome, status: Int?) -> MetResult {
        MetResult(objectID: id, outcome: outcome, httpStatus: status, fetchedAt: Date(), attempts: 0)
    }
}
