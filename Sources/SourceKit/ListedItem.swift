import ETLCore
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
    /// The year it was begun (taken, released); negative for BCE.
    package var year: Int?
    /// The year it was finished, when the source gives a span; nil: `year`.
    package var endYear: Int?
    /// The shared work fields a source fills where its API has them
    /// (NULL in the catalog otherwise): the curatorial department or
    /// collection, the classification or type, the materials, the culture
    /// or place of origin, the credit line and the accession or reference
    /// number, as `works` names them.
    package var department: String?
    package var classification: String?
    package var medium: String?
    package var culture: String?
    package var creditLine: String?
    package var accessionNumber: String?
    /// The picture an app shows.
    package var imageURL: String?
    /// Its size in pixels, when the API says it (etl images measures it too).
    package var imageWidth: Int?
    package var imageHeight: Int?
    /// The licence or rights statement the item comes under (`CC0 1.0`, a
    /// photo's own licence) and where it is written; nil where the API says none.
    package var rights: String?
    package var rightsURL: String?
    /// The item's page on the source's site: the attribution link.
    package var pageURL: String?
    /// Complete items sharing it are duplicates (the smallest ID is kept),
    /// such as a normalized artist and title; nil: the item is its own.
    package var duplicateKey: String?
    /// Empty when complete.
    package var reasons: [RejectionReason]
    /// The source table's columns by name: every one it declares.
    package var details: [String: DatabaseValue]

    package var isComplete: Bool { reasons.isEmpty }

    package init(id: Int, rawJSON: String, reasons: [RejectionReason], details: [String: DatabaseValue]) {
        self.id = id
        self.rawJSON = rawJSON
        self.reasons = reasons
        self.details = details
    }
}
