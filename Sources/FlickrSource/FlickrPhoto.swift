import ETLCore
import Foundation
import SourceKit
import Store

/// The Flickr app's completeness rule and the catalog row of one photo.
///
/// Complete = `id` a non-empty string, `farm` an integer, `server` and
/// `secret` non-empty strings, `ispublic` 1: what the app needs to build
/// `https://live.staticflickr.com/{server}/{id}_{secret}_{size}.jpg`.
/// Photo IDs are digits, stored as the integer `object_id`.
package enum FlickrPhoto {
    package static let table = SourceTable(
        name: "flickr_photos",
        description: "Flickr's own fields of every listed photo, kept or not. Join to works on object_id.",
        columns: [
            .column("owner", "TEXT", "The owner's NSID, e.g. 12345678@N00."),
            .column("owner_name", "TEXT", "The owner's display name: credit it beside the photo."),
            .column("license", "INTEGER", "Flickr's licence ID (flickr.photos.licenses.getInfo)."),
            .column("license_name", "TEXT", "The licence, e.g. CC BY 2.0 or All Rights Reserved."),
            .column("license_url", "TEXT", "The licence's text."),
            .column("date_upload", "TEXT", "When it was uploaded, UTC, ISO 8601."),
            .column("date_taken", "TEXT", "When it was taken, as the owner's camera says."),
            .column("server", "TEXT", "Part of the picture URL."),
            .column("secret", "TEXT", "Part of the picture URL."),
            .column("farm", "INTEGER", "Flickr's storage farm (legacy URLs)."),
            .column("photo_page_url", "TEXT", "The photo's page: link back to it (Flickr's terms ask for it)."),
        ])

    /// The photo as a catalog item; nil when it has no ID to key it by.
    package static func item(from photo: JSONValue, query: FlickrQuery) -> ListedItem? {
        guard var check = RecordCheck(photo, id: .digits) else { return nil }
        check.expect(photo["farm"]?.integer != nil, else: FlickrReason.missingFarm.reason)
        // Both stand in the picture's URL path: `..` or a control character is none.
        let server = check.require(PathSegment.usable(photo["server"]?.string), else: FlickrReason.missingServer.reason)
        let secret = check.require(PathSegment.usable(photo["secret"]?.string), else: FlickrReason.missingSecret.reason)
        check.expect(photo["ispublic"]?.integer == 1, else: FlickrReason.notPublic.reason)

        let owner = photo["owner"]?.nonBlankString
        let ownerName = photo["ownername"]?.nonBlankString
        let license = FlickrSearchPage.count(photo["license"])
        let rights = license.flatMap { FlickrLicense.names[$0] }
        let taken = photo["datetaken"]?.nonBlankString
        let pageURL = owner.map { "https://www.flickr.com/photos/\($0)/\(check.id)" }
        var item = check.item(details: [
            "owner": .text(owner), "owner_name": .text(ownerName), "license": .int(license),
            "license_name": .text(rights?.name), "license_url": .text(rights?.url),
            "date_upload": .text(uploadDate(photo["dateupload"])), "date_taken": .text(taken), "server": .text(server),
            "secret": .text(secret), "farm": .int(photo["farm"]?.integer.map(Int.init)), "photo_page_url": .text(pageURL),
        ])
        item.title = photo["title"]?.string ?? ""
        item.creator = ownerName ?? owner
        item.date = taken
        item.year = ListedItem.year(ofDate: taken)
        if let server, let secret {
            item.imageURL = "\(query.imageBase)/\(PathSegment.encoded(server))/\(item.id)_\(PathSegment.encoded(secret))_\(query.imageSize).jpg"
        }
        item.pageURL = pageURL
        (item.rights, item.rightsURL) = (rights?.name, rights?.url)
        return item
    }

    /// `dateupload` is Unix seconds as a string.
    private static func uploadDate(_ value: JSONValue?) -> String? {
        guard let seconds = FlickrSearchPage.count(value) else { return nil }
        return Timestamp.string(from: Date(timeIntervalSince1970: Double(seconds)))
    }
}
