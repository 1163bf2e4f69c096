/// Rejection reasons declared together as an enum: the shared ones
/// (``SharedReason``) or one source's (``SourceReasons``).
package protocol ReasonDeclaration: RawRepresentable, Sendable where RawValue == String {
    /// A sentence for the catalog's documentation.
    var summary: String { get }
}

extension ReasonDeclaration {
    package var reason: RejectionReason { RejectionReason(rawValue: rawValue) }
}

extension Array where Element == RejectionReason {
    /// Appends a declared reason (a source's own enum's case) as the
    /// catalog stores it: a rule names its reasons by their enum, no alias needed.
    package mutating func append(_ declared: some ReasonDeclaration) { append(declared.reason) }
}

/// A source's own rejection reasons, declared in its target and registered
/// through its `Source` (`reasons`). Each ranks right after a shared
/// reason, so an object's `first_reason` stays the most fundamental one.
package protocol SourceReasons: ReasonDeclaration, CaseIterable {
    /// The shared reason this one ranks right after (after the reasons of
    /// sources registered earlier that rank after it too).
    var ranksAfter: SharedReason { get }
}

extension SourceReasons {
    /// A listed record's own fields are checked after its ID is
    /// (``SharedReason/invalidID``), before the copies among kept works.
    package var ranksAfter: SharedReason { .invalidID }

    /// Every case, as the registry collects them.
    package static var declared: [DeclaredReason] {
        allCases.map { DeclaredReason(reason: $0.reason, summary: $0.summary, ranksAfter: $0.ranksAfter) }
    }
}

/// One reason a source declares, as the vocabulary orders it.
package struct DeclaredReason: Sendable, Equatable {
    package var reason: RejectionReason
    package var summary: String
    package var ranksAfter: SharedReason

    package init(reason: RejectionReason, summary: String, ranksAfter: SharedReason) {
        self.reason = reason
        self.summary = summary
        self.ranksAfter = ranksAfter
    }
}
