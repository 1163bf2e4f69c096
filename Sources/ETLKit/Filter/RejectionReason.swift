/// Why an object is not among the kept works.
///
/// The raw values are what `SELECT reason, count(*) FROM rejections GROUP BY
/// reason` shows, so they are stable identifiers, not prose.
public enum RejectionReason: String, Sendable, CaseIterable, Comparable {
    case invalidObjectID = "invalid_objectID"
    case notPublicDomain = "not_public_domain"
    case missingPrimaryImage = "missing_primaryImage"
    case missingArtistDisplayName = "missing_artistDisplayName"
    case missingTitle = "missing_title"
    case missingClassification = "missing_classification"
    case missingObjectDate = "missing_objectDate"
    /// Complete, but another complete object with a smaller ID has the same
    /// normalized artist and title.
    case duplicate
    /// The API answered 404 (not found, or "Not a valid object").
    case gone
    /// The API answered 400 for the ID.
    case badID = "bad_id"
    /// The ID is no longer in the API's listing.
    case withdrawn

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
