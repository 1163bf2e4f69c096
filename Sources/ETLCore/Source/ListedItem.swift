import FetchEngine
import Store

/// One item of a source whose listing carries the whole record (a photo
/// of a search, a movie of a list): what every catalog shares, the source's own
/// columns, and why it cannot be shown, if it cannot.
package struct ListedItem: Sendable, Equatable {
    package var id: Int
    /// The item as listed, re-encoded with sorted keys.
    package var rawJSON: String
    package var title: String?
    /// Who made it (a photo's owner); nil where the source has no one.
    package var creator: String?
    /// A date as the source writes it (taken, released).
    package var date: String?
    package var year: Int?
    /// The picture an app shows.
    package var imageURL: String?
    /// The item's page on the source's site: the attribution link.
    package var pageURL: String?
    /// Complete items sharing it are duplicates (the smallest ID is kept),
    /// such as a normalized artist and title; nil: the item is its own.
    package var duplicateKey: String?
    /// Empty when complete.
    package var reasons: [RejectionReason]
    /// Values of the source table's columns after `object_id`, in order.
    package var details: [DatabaseValue]

    package var isComplete: Bool { reasons.isEmpty }

    package init(id: Int, rawJSON: String, reasons: [RejectionReason], details: [DatabaseValue]) {
        self.id = id
        self.rawJSON = rawJSON
        self.reasons = reasons
        self.details = details
    }
}
