import FetchEngine
import Store

/// Why an object is not among the kept works: the one vocabulary of the
/// filter, the CSV plan, the crawl states and the `rejections` views, whose
/// SQL is generated from it (``RejectionReason+SQL``).
///
/// The raw values are what `SELECT reason, count(*) FROM rejections GROUP BY
/// reason` shows, so they are stable identifiers, not prose. Case order is
/// precedence: an object's `first_reason` is its earliest case.
package enum RejectionReason: String, Sendable, CaseIterable, Comparable, Codable, CodingKeyRepresentable {
    /// The ID is no longer in the API's listing.
    case withdrawn
    /// The API answered 404 (not found, or "Not a valid object").
    case gone
    /// The API answered 400 for the ID.
    case badID = "bad_id"
    /// The body's `objectID` is not a positive integer, or not the ID asked for.
    case invalidObjectID = "invalid_objectID"
    case notPublicDomain = "not_public_domain"
    case missingPrimaryImage = "missing_primaryImage"
    case missingArtistDisplayName = "missing_artistDisplayName"
    case missingTitle = "missing_title"
    case missingClassification = "missing_classification"
    case missingObjectDate = "missing_objectDate"
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
    /// Flickr and TMDB: the item's `id` is missing or of the wrong type
    /// (Flickr: a non-empty string of digits; TMDB: a positive integer).
    case invalidID = "invalid_id"
    /// Flickr: `farm` is not an integer.
    case missingFarm = "missing_farm"
    /// Flickr: `server` is missing or blank.
    case missingServer = "missing_server"
    /// Flickr: `secret` is missing or blank.
    case missingSecret = "missing_secret"
    /// Flickr: `ispublic` is not 1.
    case notPublic = "not_public"
    /// TMDB: `overview` is missing or blank.
    case missingOverview = "missing_overview"
    /// TMDB: `poster_path` is missing, null or blank.
    case missingPosterPath = "missing_poster_path"
    /// TMDB: `release_date` is missing or blank.
    case missingReleaseDate = "missing_release_date"
    /// TMDB: `vote_average` is not a number.
    case missingVoteAverage = "missing_vote_average"
    /// Complete, but another complete object with a smaller ID has the same
    /// normalized artist and title.
    case duplicate
    /// Kept, but its verified picture is byte-identical (same SHA-256) to
    /// that of a kept work with a smaller ID; off the pages with `--require-image`.
    case duplicateImage = "duplicate_image"
    /// Kept, but its verified picture's difference hash is within
    /// ``nearCopyBits`` bits of that of a kept work with a
    /// smaller ID (a resized or re-encoded copy; byte-identical copies are
    /// `duplicate_image`); off the pages with `--require-image`.
    case nearDuplicateImage = "near_duplicate_image"

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// How many of 64 difference-hash bits two pictures may differ in and
    /// still be near copies (`near_duplicate_image`).
    package static let nearCopyBits = 6

    /// A sentence for the catalog's documentation.
    package var summary: String {
        switch self {
        case .withdrawn: return "no longer in the API's listing"
        case .gone: return "the API answered 404"
        case .badID: return "the API answered 400 for the ID"
        case .invalidObjectID: return "the body's objectID is not a positive integer or not the ID asked for"
        case .notPublicDomain: return "isPublicDomain is not JSON true"
        case .missingPrimaryImage: return "primaryImage is missing or blank"
        case .missingArtistDisplayName: return "artistDisplayName is missing or blank"
        case .missingTitle: return "title is missing or blank"
        case .missingClassification: return "classification is missing or blank"
        case .missingObjectDate: return "objectDate is missing or blank"
        case .csvNotPublicDomain: return "planned out by MetObjects.csv: Is Public Domain is not True"
        case .csvMissingArtistDisplayName: return "planned out by MetObjects.csv: Artist Display Name is blank"
        case .csvMissingTitle: return "planned out by MetObjects.csv: Title is blank"
        case .csvMissingClassification: return "planned out by MetObjects.csv: Classification is blank"
        case .csvMissingObjectDate: return "planned out by MetObjects.csv: Object Date is blank"
        case .invalidID: return "Flickr, TMDB: id is missing or not a string of digits (Flickr) or a positive integer (TMDB)"
        case .missingFarm: return "Flickr: farm is not an integer"
        case .missingServer: return "Flickr: server is missing or blank"
        case .missingSecret: return "Flickr: secret is missing or blank"
        case .notPublic: return "Flickr: ispublic is not 1"
        case .missingOverview: return "TMDB: overview is missing or blank"
        case .missingPosterPath: return "TMDB: poster_path is missing, null or blank"
        case .missingReleaseDate: return "TMDB: release_date is missing or blank"
        case .missingVoteAverage: return "TMDB: vote_average is not a number"
        case .duplicate: return "a work with a smaller ID has the same normalized artist and title"
        case .duplicateImage: return "its verified picture is byte-identical to that of a work with a smaller ID"
        case .nearDuplicateImage:
            return "its verified picture's difference hash is within \(Self.nearCopyBits) bits of that of a work with a smaller ID"
        }
    }
}
