import ETLCore

extension ListedItem {
    /// Where an item holds the text shared column `column` (what
    /// ``Catalog/store(_:table:at:)`` writes to it); nil for a column an item
    /// does not carry (the Met's own fields, the ID, the derived ones).
    package static func text(_ column: SharedColumn) -> WritableKeyPath<ListedItem, String?>? {
        switch column {
        case .title: \.title
        case .artistDisplayName: \.creator
        case .objectDate: \.date
        case .department: \.department
        case .classification: \.classification
        case .medium: \.medium
        case .culture: \.culture
        case .creditLine: \.creditLine
        case .accessionNumber: \.accessionNumber
        case .primaryImage: \.imageURL
        case .objectURL: \.pageURL
        case .rights: \.rights
        case .rightsURL: \.rightsURL
        default: nil
        }
    }

    /// Where an item holds the integer shared column `column`; nil for one it does not carry.
    package static func number(_ column: SharedColumn) -> WritableKeyPath<ListedItem, Int?>? {
        switch column {
        case .objectBeginDate: \.year
        case .objectEndDate: \.endYear
        case .primaryImageWidth: \.imageWidth
        case .primaryImageHeight: \.imageHeight
        default: nil
        }
    }
}
