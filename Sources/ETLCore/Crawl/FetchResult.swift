import FetchEngine
import Foundation
import Store

/// What fetching one object ended with, as stored in the catalog;
/// `Record` is the source's decoded item.
///
/// Blocks never become a `FetchResult`: a blocked object goes back in the
/// queue instead.
package struct FetchResult<Record: FetchedRecord>: Sendable, Equatable {
    package enum Outcome: Sendable, Equatable {
        /// 200 with a JSON object body, stored exactly as received.
        case fetched(body: [UInt8], object: Record)
        /// 404: the object is gone ("ObjectID not found" or "Not a valid object").
        case gone(message: String)
        /// 400: the API cannot parse the ID.
        case badID(message: String)
        /// Anything else after the allowed attempts; fetched again next run.
        case failed(reason: String)
    }

    package var objectID: Int
    package var outcome: Outcome
    package var httpStatus: Int?
    package var fetchedAt: Date
    /// Requests spent on this object in this run, retries included.
    package var attempts: Int

    package init(objectID: Int, outcome: Outcome, httpStatus: Int?, fetchedAt: Date, attempts: Int) {
        self.objectID = objectID
        self.outcome = outcome
        self.httpStatus = httpStatus
        self.fetchedAt = fetchedAt
        self.attempts = attempts
    }
}

/// A source's decoded item, as a fetch hands it to the source's writer.
package protocol FetchedRecord: Sendable, Equatable {
    /// Whether the item passes the source's rule (counted per telemetry minute).
    func isComplete(requestedID: Int) -> Bool
}
