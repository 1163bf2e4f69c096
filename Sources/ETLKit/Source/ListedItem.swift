import Store

/// One item of a source whose listing carries the whole record (a Flickr
/// photo, a TMDB movie): what every catalog shares, the source's own
/// columns, and why it cannot be shown, if it cannot.
public struct ListedItem: Sendable, Equatable {
    public var id: Int
    /// The item as listed, re-encoded with sorted keys.
    public var rawJSON: String
    public var title: String?
    /// Who made it (Flickr: the owner's name); nil where the source has no one.
    public var creator: String?
    /// A date as the source writes it (taken, released).
    public var date: String?
    public var year: Int?
    /// The picture an app shows.
    public var imageURL: String?
    /// The item's page on the source's site: the attribution link.
    public var pageURL: String?
    /// Empty when complete.
    public var reasons: [RejectionReason]
    /// Values of the source table's columns after `object_id`, in order.
    public var details: [DatabaseValue]

    public var isComplete: Bool { reasons.isEmpty }

    public init(id: Int, rawJSON: String, reasons: [RejectionReason], details: [DatabaseValue]) {
        self.id = id
        self.rawJSON = rawJSON
        self.reasons = reasons
        self.details = details
    }
}
