import Foundation

/// What fetching one object ended with, as stored in the catalog.
///
/// Blocks never become a `FetchResult`: a blocked object goes back in the
/// queue instead.
public struct FetchResult: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// 200 with a JSON object body, stored exactly as received.
        case fetched(body: [UInt8], object: MetObject)
        /// 404: the object is gone ("ObjectID not found" or "Not a valid object").
        case gone(message: String)
        /// 400: the API cannot parse the ID.
        case badID(message: String)
        /// Anything else after the allowed attempts; fetched again next run.
        case failed(reason: String)
    }

    public var objectID: Int
    public var outcome: Outcome
    public var httpStatus: Int?
    public var fetchedAt: Date
    /// Requests spent on this object in this run, retries included.
    public var attempts: Int

    public init(objectID: Int, outcome: Outcome, httpStatus: Int?, fetchedAt: Date, attempts: Int) {
        self.objectID = objectID
        self.outcome = outcome
        self.httpStatus = httpStatus
        self.fetchedAt = fetchedAt
        self.attempts = attempts
    }
}
