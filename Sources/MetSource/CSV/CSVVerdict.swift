import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// What the MetObjects.csv row alone says about an object's chances of
/// passing the filter, before anything is fetched from the API.
package enum CSVVerdict: Sendable, Equatable {
    /// Public domain, with an artist, title, classification and date.
    case likelyComplete
    /// The row already rules the object out; `reasons` are stable codes such
    /// as `csv_not_public_domain` or `csv_missing_title`, in column-rule order.
    case cannotPass(reasons: [RejectionReason])
}
