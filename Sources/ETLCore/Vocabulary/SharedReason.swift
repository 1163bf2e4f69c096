/// The rejection reasons of every source: the listing's and the API's
/// answers, the shared work fields' rule, and the copies found among kept
/// works. Case order is precedence (see ``ReasonVocabulary``).
package enum SharedReason: String, ReasonDeclaration, CaseIterable {
    /// The ID is no longer in the API's listing.
    case withdrawn
    /// The API answered 404 (not found, or "Not a valid object").
    case gone
    /// The API answered 400 for the ID.
    case badID = "bad_id"
    case notPublicDomain = "not_public_domain"
    case missingPrimaryImage = "missing_primaryImage"
    case missingArtistDisplayName = "missing_artistDisplayName"
    case missingTitle = "missing_title"
    case missingClassification = "missing_classification"
    case missingObjectDate = "missing_objectDate"
    /// A listed item's `id` is missing or of the wrong type (each source's
    /// rule says which type).
    case invalidID = "invalid_id"
    /// Complete, but another complete object with a smaller ID has the same
    /// normalized artist and title.
    case duplicate
    /// Kept, but its verified picture is byte-identical (same SHA-256) to
    /// that of a kept work with a smaller ID; off the pages with `--require-image`.
    case duplicateImage = "duplicate_image"
    /// Kept, but its verified picture's difference hash is within
    /// ``RejectionReason/nearCopyBits`` bits of that of a kept work with a
    /// smaller ID (a resized or re-encoded copy; byte-identical copies are
    /// `duplicate_image`); off the pages with `--require-image`.
    case nearDuplicateImage = "near_duplicate_image"

    package var summary: String {
        switch self {
        case .withdrawn: return "no longer in the API's listing"
        case .gone: return "the API answered 404"
        case .badID: return "the API answered 400 for the ID"
        case .notPublicDomain: return "isPublicDomain is not JSON true"
        case .missingPrimaryImage: return "primaryImage is missing or blank"
        case .missingArtistDisplayName: return "artistDisplayName is missing or blank"
        case .missingTitle: return "title is missing or blank"
        case .missingClassification: return "classification is missing or blank"
        case .missingObjectDate: return "objectDate is missing or blank"
        case .invalidID: return "id is missing or not of the type the source's rule asks for"
        case .duplicate: return "a work with a smaller ID has the same normalized artist and title"
        case .duplicateImage: return "its verified picture is byte-identical to that of a work with a smaller ID"
        case .nearDuplicateImage:
            return "its verified picture's difference hash is within \(RejectionReason.nearCopyBits) bits of that of a work with a smaller ID"
        }
    }
}
