/// Every rejection reason a catalog knows, in precedence order: the shared
/// reasons, each followed by the sources' reasons that rank after it (in
/// the sources' registration order, then each source's case order). The
/// catalog's rejection views are generated from it, its documentation
/// lists it, and `etl status` names what it holds.
package struct ReasonVocabulary: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var reason: RejectionReason
        package var summary: String
        /// Nil for a shared reason.
        package var source: SourceName?
    }

    /// In precedence order: an object's `first_reason` is its earliest.
    package let entries: [Entry]

    /// The shared reasons alone.
    package static let shared = ReasonVocabulary(sources: [])

    /// `sources`' reasons placed among the shared ones. Two reasons of one
    /// spelling are a programming error: each raw value means one thing.
    package init(sources: [(name: SourceName, reasons: [DeclaredReason])]) {
        var entries: [Entry] = []
        for shared in SharedReason.allCases {
            entries.append(Entry(reason: shared.reason, summary: shared.summary, source: nil))
            for source in sources {
                for declared in source.reasons where declared.ranksAfter == shared {
                    entries.append(Entry(reason: declared.reason, summary: declared.summary, source: source.name))
                }
            }
        }
        let spellings = Set(entries.map(\.reason))
        precondition(spellings.count == entries.count, "a rejection reason is declared twice")
        self.entries = entries
    }

    package var reasons: [RejectionReason] { entries.map(\.reason) }

    /// The reason's sentence; nil for a reason this vocabulary does not know.
    package func summary(of reason: RejectionReason) -> String? {
        entries.first { $0.reason == reason }?.summary
    }
}
