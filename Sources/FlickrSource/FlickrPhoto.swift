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

    /// Where the shared work fields come from; the picture's URL is the query's base and size.
    package static let work = WorkMap<FlickrQuery>([
        .text(.title, "`title` (may be empty)") { $0.json["title"]?.string ?? "" },
        .text(.artistDisplayName, "`ownername`, else `owner`") { $0.json["ownername"]?.nonBlankString ?? $0.json["owner"]?.nonBlankString },
        .shown(.objectDate, "datetaken"), .yearOfDate(.objectBeginDate, "datetaken"),
        .text(.primaryImage, "built from `server`, `id` and `secret`, at --image-size") { photo in
            // Both stand in the picture's URL path: `..` or a control character is none.
            guard let server = PathSegment.usable(photo.json["server"]?.string), let secret = PathSegment.usable(photo.json["secret"]?.string)
            else { return nil }
            return "\(photo.context.imageBase)/\(PathSegment.encoded(server))/\(photo.id)_\(PathSegment.encoded(secret))_\(photo.context.imageSize).jpg"
        },
        .text(.objectURL, "the photo's page on flickr.com") { photo in
            // The owner is one segment of the path: encoded, so a `/`, `#` or space cannot send the link elsewhere.
            PathSegment.usable(photo.json["owner"]?.nonBlankString).map { "https://www.flickr.com/photos/\(PathSegment.encoded($0))/\(photo.id)" }
        },
        .rights("the name of `license`", url: "that licence's text") { photo in
            JSONRecordsPage.count(photo.json["license"]).flatMap { FlickrLicense.names[$0] }.map { Rights($0.name, url: $0.url) }
        },
    ])

    /// The photo as a catalog item; nil when it has no ID to key it by.
    package static func item(from photo: JSONValue, query: FlickrQuery) -> ListedItem? {
        guard var check = RecordCheck(photo, id: .digits) else { return nil }
        check.expect(photo["farm"]?.integer != nil, else: FlickrReason.missingFarm.reason)
        let server = check.require(PathSegment.usable(photo["server"]?.string), else: FlickrReason.missingServer.reason)
        let secret = check.require(PathSegment.usable(photo["secret"]?.string), else: FlickrReason.missingSecret.reason)
        check.expect(photo["ispublic"]?.integer == 1, else: FlickrReason.notPublic.reason)
        return check.item(work, query) { item in [
            "owner": .text(photo["owner"]?.nonBlankString), "owner_name": .text(photo["ownername"]?.nonBlankString),
            "license": .int(JSONRecordsPage.count(photo["license"])), "license_name": .text(item.rights), "license_url": .text(item.rightsURL),
            "date_upload": .text(uploadDate(photo["dateupload"])), "date_taken": .text(item.date), "server": .text(server),
            "secret": .text(secret), "farm": .int(photo["farm"]?.integer.map(Int.init)), "photo_page_url": .text(item.pageURL),
        ] }
    }

    /// `dateupload` is Unix seconds as a string.
    private static func uploadDate(_ value: JSONValue?) -> String? {
        guard let seconds = JSONRecordsPage.count(value) else { return nil }
        return Timestamp.string(from: Date(timeIntervalSince1970: Double(seconds)))
    }
}
