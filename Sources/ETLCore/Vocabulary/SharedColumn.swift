/// A column every catalog has whatever its source, meaning the same in
/// each: what apps, the report, `metadata.json` facets, the gallery,
/// bundles and exports read. Each source says which of its fields fills
/// which (``SourceAttribution/fields``); a column a source does not name
/// stays NULL in its catalogs.
package enum SharedColumn: String, CaseIterable, Sendable {
    case objectID = "object_id"
    case title
    case titleText = "title_text"
    case artistDisplayName = "artist_display_name"
    case department
    case classification
    case objectDate = "object_date"
    case objectBeginDate = "object_begin_date"
    case objectEndDate = "object_end_date"
    case culture
    case period
    case country
    case medium
    case artistNationality = "artist_nationality"
    case accessionNumber = "accession_number"
    case creditLine = "credit_line"
    case isHighlight = "is_highlight"
    case primaryImage = "primary_image"
    case primaryImageSmall = "primary_image_small"
    case objectURL = "object_url"
    case rights
    case rightsURL = "rights_url"
    case primaryImageWidth = "primary_image_width"
    case primaryImageHeight = "primary_image_height"
    /// On `objects` only: the filter's input, not what an app shows.
    case isPublicDomain = "is_public_domain"
    case metadataDate = "metadata_date"

    /// What the column holds, in no one source's words.
    package var summary: String {
        switch self {
        case .objectID: return "The item's ID at the source"
        case .title: return "The title as the source gives it (may carry HTML markup such as `<i>`)"
        case .titleText: return "`title` as plain text: markup removed, entities decoded, whitespace collapsed"
        case .artistDisplayName: return "Who made it, as the source names them; empty when the source names no one"
        case .department: return "The curatorial department or collection, e.g. European Paintings"
        case .classification: return "The kind of work, e.g. Paintings (a movie's genre)"
        case .objectDate: return "The date as free text, e.g. ca. 1620"
        case .objectBeginDate: return "The earliest year, as an integer (negative for BCE)"
        case .objectEndDate: return "The latest year, as an integer (negative for BCE)"
        case .culture: return "The culture or place of origin; NULL when blank"
        case .period: return "The period; NULL when blank"
        case .country: return "The country; NULL when blank"
        case .medium: return "The materials, e.g. Oil on canvas; NULL when blank"
        case .artistNationality: return "The maker's nationality; NULL when blank"
        case .accessionNumber: return "The accession or reference number; NULL when blank"
        case .creditLine: return "The credit line; NULL when blank"
        case .isHighlight: return "1 when the source marks it a highlight, 0 when not"
        case .primaryImage: return "URL of the picture an app shows"
        case .primaryImageSmall: return "URL of a smaller picture"
        case .objectURL: return "The item's page on the source's site: link back to it"
        case .rights: return "The licence or rights statement the picture and record come under, e.g. CC0 1.0"
        case .rightsURL: return "Where that licence is written"
        case .primaryImageWidth: return "Width in pixels of the picture at primary_image, as the source says (etl images measures it: images.width)"
        case .primaryImageHeight: return "Height in pixels of the picture at primary_image, as the source says"
        case .isPublicDomain: return "1 when the source says the item is in the public domain, 0 when not; NULL when it does not say"
        case .metadataDate: return "When the source last changed the record"
        }
    }

    /// Whether `works` has it too (every column but the filter's inputs).
    package var isOnWorks: Bool { self != .isPublicDomain && self != .metadataDate }

    /// Columns etl computes from another for every source: no source field names them.
    package var isDerived: Bool { self == .titleText }

    /// The columns `works` copies from `objects` for every kept work.
    package static let workColumns = allCases.filter { $0.isOnWorks && $0 != .objectID }
}
