import ETLCore
import ETLPictures
import FetchEngine
import Store

extension Catalog {
    /// The URL `etl images` fetches for the work `w`: `primaryImageSmall`,
    /// else `primaryImage`. Read from `works`, which carries both, so image
    /// queries never touch the much wider `objects` rows.
    package static let imageURLExpression = imageURL(ofWork: "w")

    /// The image URL of a `works` row aliased `alias`.
    package static func imageURL(ofWork alias: String) -> String {
        "coalesce(nullif(trim(\(alias).primary_image_small), ''), nullif(trim(\(alias).primary_image), ''))"
    }

    /// Kept works whose verified picture (a good row for the current URL)
    /// has the same SHA-256 as a smaller-ID kept work's verified picture.
    package static let duplicateImageIDsSQL = """
        SELECT di.object_id FROM images di JOIN works dw ON dw.object_id = di.object_id
         WHERE di.state = \(ImageState.ok.sql) AND di.url = \(imageURL(ofWork: "dw")) AND EXISTS (
            SELECT 1 FROM images fi JOIN works fw ON fw.object_id = fi.object_id
             WHERE fi.state = \(ImageState.ok.sql) AND fi.sha256 = di.sha256 AND fi.object_id < di.object_id
               AND fi.url = \(imageURL(ofWork: "fw")))
        """

    /// The IDs of ``duplicateImageIDsSQL``.
    package func duplicateImageIDs() throws -> Set<Int> {
        var ids: Set<Int> = []
        try database.makeStatement(sql: Self.duplicateImageIDsSQL).forEachInteger { ids.insert(Int($0)) }
        return ids
    }
}
