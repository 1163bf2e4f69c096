import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// `N.json` beside `N.txt`: what an app shows for each work of the page, in
/// the page's order, so it can show a page without one API call per work.
///
/// Keys are the API's names, in a fixed order, one work a line; the same
/// catalog and layout always give the same bytes. Once `etl images` has
/// verified a work's picture (decoded it, for the work's current URL), its
/// entry also carries ``pictureFields``: `width` and `height` as shown,
/// `thumb` (the thumbnail's path relative to the images folder, the
/// `--dir` of `etl images`, e.g. `thumbs/436535.webp`), `placeholder` (a
/// ThumbHash, base64) and `color` (`#rrggbb`).
package enum PageBundle {
    /// JSON key and `works` column, in output order.
    package static let fields: [(key: String, column: String)] = [
        ("objectID", "object_id"), ("title", "title"), ("artistDisplayName", "artist_display_name"),
        ("objectDate", "object_date"), ("classification", "classification"), ("department", "department"),
        ("medium", "medium"), ("primaryImage", "primary_image"), ("primaryImageSmall", "primary_image_small"),
        ("objectURL", "object_url"), ("rights", "rights"), ("rightsURL", "rights_url"),
    ]

    /// JSON key and `images` column of a verified picture, in output order.
    package static let pictureFields: [(key: String, column: String)] = [
        ("width", "width"), ("height", "height"), ("thumb", "thumb_file"), ("placeholder", "placeholder"), ("color", "color"),
    ]

    /// One bundle per page of `pages`.
    package static func bundles(for pages: [[Int]], in catalog: Catalog) throws -> [[UInt8]] {
        let lines = try workLines(ids: pages.flatMap { $0 }, catalog: catalog)
        return pages.map { ids in
            var bytes = Array("[\n".utf8)
            for (index, id) in ids.enumerated() {
                bytes += lines[id] ?? []
                bytes += Array((index + 1 < ids.count ? ",\n" : "\n").utf8)
            }
            return bytes + Array("]\n".utf8)
        }
    }

    /// The JSON object of each work in `ids`.
    private static func workLines(ids: [Int], catalog: Catalog) throws -> [Int: [UInt8]] {
        try catalog.loadIDSet(ids)
        let columns = fields.map { "w.\($0.column)" }.joined(separator: ", ")
        var lines: [Int: [UInt8]] = [:]
        try catalog.database.makeStatement(sql: """
            SELECT \(columns), \(pictureFields.map { "i.\($0.column)" }.joined(separator: ", "))
              FROM works w JOIN temp.id_set USING (object_id)
              LEFT JOIN images i ON i.object_id = w.object_id AND i.state = \(ImageState.ok.sql)
                                AND i.url = \(Catalog.imageURL(ofWork: "w"))
            """
        ).forEachRow { row in
            guard case .integer(let id) = row[0] else { return }
            var line = Array("{".utf8)
            for (index, field) in fields.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                RowEncoder.appendJSONString(field.key, to: &line)
                line.append(UInt8(ascii: ":"))
                append(row[index], to: &line)
            }
            // Known once `etl images` has verified the picture (a row from
            // before decoding has sizes but no thumbnail yet).
            for (offset, key) in pictureFields.map(\.key).enumerated() {
                if row[fields.count + offset] != .null {
                    line.append(UInt8(ascii: ","))
                    RowEncoder.appendJSONString(key, to: &line)
                    line.append(UInt8(ascii: ":"))
                    append(row[fields.count + offset], to: &line)
                }
            }
            lines[Int(id)] = line + Array("}".utf8)
        }
        return lines
    }

    private static func append(_ value: DatabaseValue, to line: inout [UInt8]) {
        switch value {
        case .integer(let number): line += Array(String(number).utf8)
        case .text(let text): RowEncoder.appendJSONString(text, to: &line)
        default: line += Array("null".utf8)
        }
    }
}
