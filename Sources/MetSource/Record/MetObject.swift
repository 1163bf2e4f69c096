import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit
import Store

/// The fields of an object record that the filter and the catalog use.
///
/// Each field keeps its JSON type strictly: a string field that was null, a
/// number or missing decodes as `nil`, and `isPublicDomain` is only set when
/// it was a JSON boolean, so the filter can tell `true` from `"true"`.
package struct MetObject: Sendable, Equatable {
    package var objectID: Int?
    package var isPublicDomain: Bool?
    package var primaryImage: String?
    package var primaryImageSmall: String?
    package var artistDisplayName: String?
    package var title: String?
    package var classification: String?
    package var objectDate: String?
    package var medium: String?
    package var objectURL: String?
    package var department: String?
    package var metadataDate: String?
    package var objectBeginDate: Int?
    package var objectEndDate: Int?
    package var culture: String?
    package var period: String?
    package var country: String?
    package var artistNationality: String?
    package var accessionNumber: String?
    package var creditLine: String?
    package var isHighlight: Bool?

    package init(
        objectID: Int? = nil, isPublicDomain: Bool? = nil, primaryImage: String? = nil,
        primaryImageSmall: String? = nil, artistDisplayName: String? = nil, title: String? = nil,
        classification: String? = nil, objectDate: String? = nil, medium: String? = nil,
        objectURL: String? = nil, department: String? = nil, metadataDate: String? = nil,
        objectBeginDate: Int? = nil, objectEndDate: Int? = nil, culture: String? = nil,
        period: String? = nil, country: String? = nil, artistNationality: String? = nil,
        accessionNumber: String? = nil, creditLine: String? = nil, isHighlight: Bool? = nil
    ) {
        self.objectID = objectID
        self.isPublicDomain = isPublicDomain
        self.primaryImage = primaryImage
        self.primaryImageSmall = primaryImageSmall
        self.artistDisplayName = artistDisplayName
        self.title = title
        self.classification = classification
        self.objectDate = objectDate
        self.medium = medium
        self.objectURL = objectURL
        self.department = department
        self.metadataDate = metadataDate
        self.objectBeginDate = objectBeginDate
        self.objectEndDate = objectEndDate
        self.culture = culture
        self.period = period
        self.country = country
        self.artistNationality = artistNationality
        self.accessionNumber = accessionNumber
        self.creditLine = creditLine
        self.isHighlight = isHighlight
    }
}

extension MetObject: Decodable {
    private enum CodingKeys: String, CodingKey {
        case objectID, isPublicDomain, primaryImage, primaryImageSmall, artistDisplayName, title
        case classification, objectDate, medium, objectURL, department, metadataDate
        case objectBeginDate, objectEndDate, culture, period, country, artistNationality
        case accessionNumber, creditLine, isHighlight
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        objectID = Self.strictInteger(container, .objectID)
        isPublicDomain = try? container.decodeIfPresent(Bool.self, forKey: .isPublicDomain)
        primaryImage = Self.string(container, .primaryImage)
        primaryImageSmall = Self.string(container, .primaryImageSmall)
        artistDisplayName = Self.string(container, .artistDisplayName)
        title = Self.string(container, .title)
        classification = Self.string(container, .classification)
        objectDate = Self.string(container, .objectDate)
        medium = Self.string(container, .medium)
        objectURL = Self.string(container, .objectURL)
        department = Self.string(container, .department)
        metadataDate = Self.string(container, .metadataDate)
        objectBeginDate = Self.strictInteger(container, .objectBeginDate)
        objectEndDate = Self.strictInteger(container, .objectEndDate)
        culture = Self.string(container, .culture)
        period = Self.string(container, .period)
        country = Self.string(container, .country)
        artistNationality = Self.string(container, .artistNationality)
        accessionNumber = Self.string(container, .accessionNumber)
        creditLine = Self.string(container, .creditLine)
        isHighlight = try? container.decodeIfPresent(Bool.self, forKey: .isHighlight)
    }

    private static func string(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> String? {
        try? container.decodeIfPresent(String.self, forKey: key)
    }

    /// An integral JSON number (`12` or `12.0`); `12.5`, strings and booleans are nil.
    private static func strictInteger(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> Int? {
        try? container.decodeIfPresent(Int.self, forKey: key)
    }
}

extension MetObject {
    /// Decodes a response body, or returns nil when it is not a JSON object.
    package static func decode(body: [UInt8]) -> MetObject? {
        MetObjectScanner.decode(body)
    }
}

extension MetObject: FetchedRecord {
    package func isComplete(requestedID: Int) -> Bool {
        ObjectFilter.rejectionReasons(for: self, requestedID: requestedID).isEmpty
    }
}

/// What fetching one Met object ended with.
package typealias MetResult = FetchResult<MetObject>
