import ETLCore

/// The Met's own rejection reasons: its body's `objectID` check and the
/// CSV plan's (`etl crawl --csv-skip`, `etl plan`). The rest of its rule
/// gives the shared reasons.
package enum MetReason: String, SourceReasons {
    /// The body's `objectID` is not a positive integer, or not the ID asked for.
    case invalidObjectID = "invalid_objectID"
    /// Planned out by `MetObjects.csv`: `Is Public Domain` is not exactly `True`.
    case csvNotPublicDomain = "csv_not_public_domain"
    /// Planned out: every `|`-separated part of `Artist Display Name` is blank.
    case csvMissingArtistDisplayName = "csv_missing_artistDisplayName"
    /// Planned out: `Title` is blank.
    case csvMissingTitle = "csv_missing_title"
    /// Planned out: `Classification` is blank.
    case csvMissingClassification = "csv_missing_classification"
    /// Planned out: `Object Date` is blank.
    case csvMissingObjectDate = "csv_missing_objectDate"

    package var summary: String {
        switch self {
        case .invalidObjectID: "the body's objectID is not a positive integer or not the ID asked for"
        case .csvNotPublicDomain: "planned out by MetObjects.csv: Is Public Domain is not True"
        case .csvMissingArtistDisplayName: "planned out by MetObjects.csv: Artist Display Name is blank"
        case .csvMissingTitle: "planned out by MetObjects.csv: Title is blank"
        case .csvMissingClassification: "planned out by MetObjects.csv: Classification is blank"
        case .csvMissingObjectDate: "planned out by MetObjects.csv: Object Date is blank"
        }
    }

    /// An ID that is not the object's comes before any field's check; the
    /// plan's reasons after the fields' (the CSV is a snapshot of them).
    package var ranksAfter: SharedReason {
        switch self {
        case .invalidObjectID: .badID
        default: .missingObjectDate
        }
    }
}
