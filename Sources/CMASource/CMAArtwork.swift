import ETLCore
import SourceKit
import Store

/// The app's rule for a Cleveland Museum of Art artwork, and its catalog row. Complete = `id` a JSON
/// integer > 0, `share_license_status` exactly `"CC0"`, `images.web.url` (`print` by `--picture`) a
/// non-empty string, and `title`, the first creator's `description`, `creation_date` and `type` visible
/// (``VisibleText``). Its reasons are shared ones; duplicates are the Met's (normalized creator and title).
package enum CMAArtwork {
    /// The fields asked for: the rule's, the table's and the picture's (a whole record is ~10 times that).
    package static let fields = [
        "id", "accession_number", "share_license_status", "title", "creation_date", "creation_date_earliest", "creation_date_latest",
        "creators", "culture", "technique", "department", "collection", "type", "measurements", "creditline", "url", "updated_at", "images"]

    package static let table = SourceTable(
        name: "cma_artworks",
        description: "The Cleveland Museum of Art's own fields of every listed artwork, kept or not (CC0). Join to works on object_id.",
        columns: [
            .copy("share_license_status", "TEXT", "CC0 or Copyrighted, as the museum says."),
            .column("creator_role", "TEXT", "The first creator's role, e.g. artist."),
            .copy("collection", "TEXT", "The collection within the department."),
            .copy("measurements", "TEXT", "The work's dimensions, as the museum writes them."),
            .copy("updated_at", "TEXT", "When the museum last changed the record."),
            .column("image_width", "INTEGER", "The picture's width in pixels (sizes may come as strings)."),
            .column("image_height", "INTEGER", "The picture's height in pixels."),
            .column("artwork_url", "TEXT", "The artwork's page on clevelandart.org: link back to it."),
        ])

    /// Where the shared work fields come from, the picture the `picture` rendition (`web` or `print`).
    package static let work = WorkMap<String>(duplicates: .creatorAndTitle, [
        .copy(.title, "title"), .copy(.department, "department"), .copy(.classification, "type"), .shown(.objectDate, "creation_date"),
        .text(.artistDisplayName, "the first of `creators`' `description`") { $0.json["creators"]?.array?.first?["description"]?.nonBlankString },
        .copy(.objectBeginDate, "creation_date_earliest"), .copy(.objectEndDate, "creation_date_latest"),
        .text(.culture, "`culture`, joined by \"; \"") { $0.json["culture"]?.array?.compactMap(\.nonBlankString).joined(separator: "; ") },
        .copy(.medium, "technique"), .copy(.accessionNumber, "accession_number"), .copy(.creditLine, "creditline"),
        .text(.primaryImage, "`images.web.url` (`images.print.url` with --picture print)") { $0.json["images"]?[$0.context]?["url"]?.nonBlankString },
        .number(.primaryImageWidth, "that picture's `width`") { size($0.json["images"]?[$0.context]?["width"]) },
        .number(.primaryImageHeight, "that picture's `height`") { size($0.json["images"]?[$0.context]?["height"]) },
        .shown(.objectURL, "url"), .rights(.cc0, when: "`share_license_status` is CC0") { $0.json["share_license_status"] == .string("CC0") },
    ])

    /// The artwork as a catalog item, its picture the `picture` rendition
    /// (`web` or `print`); nil when it has no ID to key it by.
    package static func item(from artwork: JSONValue, picture: String) -> ListedItem? {
        guard var check = RecordCheck(artwork) else { return nil }
        let (image, creator) = (artwork["images"]?[picture], artwork["creators"]?.array?.first)
        check.expect(artwork["share_license_status"] == .string("CC0"), else: .notPublicDomain)
        check.require(image?["url"]?.nonBlankString, else: .missingPrimaryImage)
        check.require(creator?["description"]?.nonBlankString, else: .missingArtistDisplayName)
        check.text("title", else: .missingTitle)
        check.text("type", else: .missingClassification)
        check.text("creation_date", else: .missingObjectDate)
        return check.item(work, picture, table: table) { item in [
            "creator_role": .text(creator?["role"]?.string), "image_width": .int(item.imageWidth),
            "image_height": .int(item.imageHeight), "artwork_url": .text(item.pageURL),
        ] }
    }

    /// A picture's size: an integer, or digits in a string (as the museum sometimes sends).
    private static func size(_ value: JSONValue?) -> Int? {
        let number = value?.integer.flatMap { Int(exactly: $0) } ?? value?.string.flatMap { Int($0) }
        return number.flatMap { $0 > 0 ? $0 : nil }
    }
}
