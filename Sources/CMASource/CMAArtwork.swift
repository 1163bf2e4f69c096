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
            .column("share_license_status", "TEXT", "CC0 or Copyrighted, as the museum says."),
            .column("creator_role", "TEXT", "The first creator's role, e.g. artist."),
            .column("collection", "TEXT", "The collection within the department."),
            .column("measurements", "TEXT", "The work's dimensions, as the museum writes them."),
            .column("updated_at", "TEXT", "When the museum last changed the record."),
            .column("image_width", "INTEGER", "The picture's width in pixels (sizes may come as strings)."),
            .column("image_height", "INTEGER", "The picture's height in pixels."),
            .column("artwork_url", "TEXT", "The artwork's page on clevelandart.org: link back to it."),
        ])

    /// The artwork as a catalog item, its picture the `picture` rendition
    /// (`web` or `print`); nil when it has no ID to key it by.
    package static func item(from artwork: JSONValue, picture: String) -> ListedItem? {
        guard var check = RecordCheck(artwork) else { return nil }
        let (image, creator) = (artwork["images"]?[picture], artwork["creators"]?.array?.first)
        check.expect(artwork["share_license_status"] == .string("CC0"), else: .notPublicDomain)
        let imageURL = check.require(image?["url"]?.nonBlankString, else: .missingPrimaryImage)
        let artist = check.require(creator?["description"]?.nonBlankString, else: .missingArtistDisplayName)
        let title = check.text("title", else: .missingTitle)
        let type = check.text("type", else: .missingClassification)
        let date = check.text("creation_date", else: .missingObjectDate)
        let pageURL = artwork["url"]?.nonBlankString
        var item = check.item(details: [
            "share_license_status": .text(artwork["share_license_status"]?.string), "creator_role": .text(creator?["role"]?.string),
            "collection": .text(artwork["collection"]?.string), "measurements": .text(artwork["measurements"]?.string),
            "updated_at": .text(artwork["updated_at"]?.string), "image_width": .int(size(image?["width"])),
            "image_height": .int(size(image?["height"])), "artwork_url": .text(pageURL),
        ])
        (item.title, item.creator, item.date) = (title ?? artwork["title"]?.string, artist, date)
        (item.year, item.endYear) = (ListedItem.year(artwork["creation_date_earliest"]), ListedItem.year(artwork["creation_date_latest"]))
        (item.department, item.classification, item.medium) = (artwork["department"]?.string, type, artwork["technique"]?.string)
        item.culture = artwork["culture"]?.array?.compactMap(\.nonBlankString).joined(separator: "; ")
        (item.creditLine, item.accessionNumber) = (artwork["creditline"]?.string, artwork["accession_number"]?.string)
        (item.imageURL, item.pageURL) = (imageURL, pageURL)
        (item.imageWidth, item.imageHeight) = (size(image?["width"]), size(image?["height"]))
        if artwork["share_license_status"] == .string("CC0") { (item.rights, item.rightsURL) = (Rights.cc0.name, Rights.cc0.url) }
        if item.isComplete { item.duplicateKey = DuplicateKey.of(artist: artist, title: title) }
        return item
    }

    /// A picture's size: an integer, or digits in a string (as the museum sometimes sends).
    private static func size(_ value: JSONValue?) -> Int? {
        let number = value?.integer.flatMap { Int(exactly: $0) } ?? value?.string.flatMap { Int($0) }
        return number.flatMap { $0 > 0 ? $0 : nil }
    }
}
