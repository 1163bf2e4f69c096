import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// The record fields ``MetObject`` keeps.
package enum Field: Int, CaseIterable {
    case objectID, isPublicDomain, primaryImage, primaryImageSmall, artistDisplayName, title
    case classification, objectDate, medium, objectURL, department, metadataDate
    case objectBeginDate, objectEndDate, culture, period, country, artistNationality
    case accessionNumber, creditLine, isHighlight

    /// The JSON key, as static bytes for the comparison of raw keys.
    package var key: StaticString {
        switch self {
        case .objectID: return "objectID"
        case .isPublicDomain: return "isPublicDomain"
        case .primaryImage: return "primaryImage"
        case .primaryImageSmall: return "primaryImageSmall"
        case .artistDisplayName: return "artistDisplayName"
        case .title: return "title"
        case .classification: return "classification"
        case .objectDate: return "objectDate"
        case .medium: return "medium"
        case .objectURL: return "objectURL"
        case .department: return "department"
        case .metadataDate: return "metadataDate"
        case .objectBeginDate: return "objectBeginDate"
        case .objectEndDate: return "objectEndDate"
        case .culture: return "culture"
        case .period: return "period"
        case .country: return "country"
        case .artistNationality: return "artistNationality"
        case .accessionNumber: return "accessionNumber"
        case .creditLine: return "creditLine"
        case .isHighlight: return "isHighlight"
        }
    }

    package var name: String { key.description }

    package init?(name: String) {
        guard let field = Field.allCases.first(where: { $0.name == name }) else { return nil }
        self = field
    }

    package var textPath: WritableKeyPath<MetObject, String?>? {
        switch self {
        case .objectID, .isPublicDomain, .objectBeginDate, .objectEndDate, .isHighlight: return nil
        case .primaryImage: return \.primaryImage
        case .primaryImageSmall: return \.primaryImageSmall
        case .artistDisplayName: return \.artistDisplayName
        case .title: return \.title
        case .classification: return \.classification
        case .objectDate: return \.objectDate
        case .medium: return \.medium
        case .objectURL: return \.objectURL
        case .department: return \.department
        case .metadataDate: return \.metadataDate
        case .culture: return \.culture
        case .period: return \.period
        case .country: return \.country
        case .artistNationality: return \.artistNationality
        case .accessionNumber: return \.accessionNumber
        case .creditLine: return \.creditLine
        }
    }
}
