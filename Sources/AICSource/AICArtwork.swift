import ETLCore
import Foundation
import SourceKit
import Store

/// The app's completeness rule for an AIC artwork and its catalog row.
///
/// Complete = `id` a JSON integer > 0, `is_public_domain` JSON `true` (not
/// the string `"true"`), `image_id` usable as a URL segment (``PathSegment``), and `title`, `artist_display`,
/// `date_display`, `classification_title` strings that show something. The
/// reasons are the Met's where the meaning is the same: not public domain,
/// no picture (`image_id`), no title, no artist, no date, no classification.
/// Duplicates are the Met's too: the same normalized artist and title.
package enum AICArtwork {
    /// The fields asked for: the rule's, the table's and the picture's.
    /// Not `description`, which is CC BY 4.0 while the rest is CC0.
    package static let fields = [
        "id", "title", "artist_display", "artist_title", "date_display", "date_start", "date_end", "classification_title",
        "artwork_type_title", "department_title", "medium_display", "place_of_origin", "credit_line", "main_reference_number",
        "is_public_domain", "image_id", "thumbnail", "color", "updated_at",
    ]

    package static let table = SourceTable(
        name: "aic_artworks",
        description: "The Art Institute of Chicago's own fields of every listed artwork, kept or not (CC0). Join to works on object_id.",
        columns: [
            .copy("artist_title", "TEXT", "The preferred artist's name, without dates or places."),
            .copy("date_start", "INTEGER", "The year the work's making began."),
            .copy("date_end", "INTEGER", "The year the work's making ended."),
            .copy("classification_title", "TEXT", "The classification, e.g. painting or print."),
            .copy("artwork_type_title", "TEXT", "The kind of work, e.g. Painting."),
            .copy("department_title", "TEXT", "The curatorial department."),
            .copy("medium_display", "TEXT", "The materials, as the museum writes them."),
            .copy("place_of_origin", "TEXT", "Where the work was made."),
            .copy("aic_credit_line", "TEXT", "The museum's credit line (credit_line).", from: "credit_line"),
            .copy("main_reference_number", "TEXT", "The accession number, e.g. 1928.610."),
            .column("is_public_domain", "INTEGER", "1 when is_public_domain is JSON true."),
            .column("image_id", "TEXT", "The IIIF identifier of the main picture."),
            .copy("thumbnail_width", "INTEGER", "The full picture's width in pixels.", from: "thumbnail", "width"),
            .copy("thumbnail_height", "INTEGER", "The full picture's height in pixels.", from: "thumbnail", "height"),
            .copy("thumbnail_alt_text", "TEXT", "The picture described, for screen readers.", from: "thumbnail", "alt_text"),
            .copy("thumbnail_lqip", "TEXT", "A tiny blurred placeholder, a data: URL.", from: "thumbnail", "lqip"),
            .column("color", "TEXT", "The dominant colour, a JSON object (h, l, s, percentage, population)."),
            .copy("updated_at", "TEXT", "When the museum last changed the record."),
            .column("artwork_url", "TEXT", "The artwork's page on artic.edu: link back to it."),
        ])

    /// Where the shared work fields come from, the picture under `iiif`
    /// (the answer's `config.iiif_url`) at `width`.
    package static let work = WorkMap<(iiif: String, width: Int)>(duplicates: .creatorAndTitle, [
        .copy(.title, "title"), .copy(.artistDisplayName, "artist_display"), .copy(.department, "department_title"),
        .copy(.classification, "classification_title"), .shown(.objectDate, "date_display"), .copy(.objectBeginDate, "date_start"),
        .copy(.objectEndDate, "date_end"), .copy(.culture, "place_of_origin"), .copy(.medium, "medium_display"),
        .copy(.accessionNumber, "main_reference_number"), .copy(.creditLine, "credit_line"),
        .text(.primaryImage, "the IIIF picture of `image_id`, 843 px wide unless --image-width") { record in
            PathSegment.usable(record.json["image_id"]?.string).map { imageURL(iiif: record.context.iiif, imageID: $0, width: record.context.width) }
        },
        .text(.objectURL, "the artwork's page on artic.edu") { "https://www.artic.edu/artworks/\($0.id)" },
        .rights(.cc0, when: "`is_public_domain` is true") { $0.json["is_public_domain"] == .bool(true) },
    ])

    /// The artwork as a catalog item, its picture under `iiif` at `width`;
    /// nil when it has no ID to key it by.
    package static func item(from artwork: JSONValue, iiif: String, width: Int) -> ListedItem? {
        guard var check = RecordCheck(artwork) else { return nil }
        check.expect(artwork["is_public_domain"] == .bool(true), else: .notPublicDomain)
        // An image_id that cannot stand as one segment of the IIIF URL
        // (`..`, a NUL) is no picture: the work is incomplete, not fetched from elsewhere.
        let imageID = check.require(PathSegment.usable(artwork["image_id"]?.string), else: .missingPrimaryImage)
        check.text("artist_display", else: .missingArtistDisplayName)
        check.text("title", else: .missingTitle)
        check.text("classification_title", else: .missingClassification)
        check.text("date_display", else: .missingObjectDate)
        return check.item(work, (iiif, width), table: table) { item in [
            "is_public_domain": .bool(artwork["is_public_domain"] == .bool(true)), "image_id": .text(imageID),
            "color": .text(artwork["color"].flatMap { $0 == .null ? nil : $0.encoded }), "artwork_url": .text(item.pageURL),
        ] }
    }

    /// `{iiif}/{image_id}/full/{width},/0/default.jpg`: the IIIF Image API
    /// URL of the picture `width` pixels wide.
    package static func imageURL(iiif: String, imageID: String, width: Int) -> String {
        "\(iiif.hasSuffix("/") ? String(iiif.dropLast()) : iiif)/\(PathSegment.encoded(imageID))/full/\(width),/0/default.jpg"
    }
}
