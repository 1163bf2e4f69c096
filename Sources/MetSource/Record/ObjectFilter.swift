import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit
import Store

/// The completeness rules: which objects an app can show.
package enum ObjectFilter {
    /// The reasons `object` is incomplete, in rule order; empty when it is
    /// complete. With `requestedID`, a body describing another object is
    /// invalid too.
    package static func rejectionReasons(for object: MetObject, requestedID: Int? = nil) -> [RejectionReason] {
        var reasons: [RejectionReason] = []
        let id = object.objectID ?? 0
        if id <= 0 || (requestedID.map { $0 != id } ?? false) { reasons.append(MetReason.invalidObjectID) }
        if object.isPublicDomain != true { reasons.append(.notPublicDomain) }
        if !hasText(object.primaryImage) { reasons.append(.missingPrimaryImage) }
        if !hasText(object.artistDisplayName) { reasons.append(.missingArtistDisplayName) }
        if !hasText(object.title) { reasons.append(.missingTitle) }
        if !hasText(object.classification) { reasons.append(.missingClassification) }
        if !hasText(object.objectDate) { reasons.append(.missingObjectDate) }
        return reasons
    }

    /// Whether `object` passes every completeness rule.
    package static func isComplete(_ object: MetObject) -> Bool {
        rejectionReasons(for: object).isEmpty
    }

    /// The key two works share when they are duplicates: normalized artist
    /// and title joined by a unit separator, which neither can contain after
    /// whitespace collapsing.
    package static func duplicateKey(for object: MetObject) -> String {
        DuplicateKey.of(artist: object.artistDisplayName, title: object.title)
    }

    /// NFC, trimmed, inner whitespace runs collapsed to one space, lowercased.
    package static func normalize(_ text: String) -> String { DuplicateKey.normalize(text) }

    private static func hasText(_ value: String?) -> Bool {
        guard let value else { return false }
        return VisibleText.isVisible(value)
    }
}
