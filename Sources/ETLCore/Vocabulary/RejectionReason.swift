import FetchEngine
import Store

/// Why an object is not among the kept works: a stable identifier, what
/// `SELECT reason, count(*) FROM rejections GROUP BY reason` shows, so not
/// prose. The shared reasons are ``SharedReason``'s; a source declares its
/// own (``SourceReasons``) and ``ReasonVocabulary`` orders them all.
package struct RejectionReason: RawRepresentable, Hashable, Sendable, Comparable, Codable, CodingKeyRepresentable {
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// How many of 64 difference-hash bits two pictures may differ in and
    /// still be near copies (`near_duplicate_image`).
    package static let nearCopyBits = 6

    package static let withdrawn = SharedReason.withdrawn.reason
    package static let gone = SharedReason.gone.reason
    package static let badID = SharedReason.badID.reason
    package static let notPublicDomain = SharedReason.notPublicDomain.reason
    package static let missingPrimaryImage = SharedReason.missingPrimaryImage.reason
    package static let missingArtistDisplayName = SharedReason.missingArtistDisplayName.reason
    package static let missingTitle = SharedReason.missingTitle.reason
    package static let missingClassification = SharedReason.missingClassification.reason
    package static let missingObjectDate = SharedReason.missingObjectDate.reason
    package static let invalidID = SharedReason.invalidID.reason
    package static let duplicate = SharedReason.duplicate.reason
    package static let duplicateImage = SharedReason.duplicateImage.reason
    package static let nearDuplicateImage = SharedReason.nearDuplicateImage.reason
}
