import ETLCore
import ETLPictures
import FetchEngine

/// Today's full-text triggers, which `rebuildWorks` drops and makes again
/// around a bulk insert: the text must stay what the version 3 step made
/// (`CatalogSchema+Version3.swift`), which a test checks.
extension CatalogSchema {
    package static let fullTextColumns = ["title_text", "artist_display_name"]

    package static func fullTextTriggerSQL(_ event: String) -> String {
        let columns = fullTextColumns.joined(separator: ", ")
        let insert = "INSERT INTO works_fts (rowid, \(columns)) VALUES (new.object_id, "
            + fullTextColumns.map { "new.\($0)" }.joined(separator: ", ") + ");"
        let delete = "INSERT INTO works_fts (works_fts, rowid, \(columns)) VALUES ('delete', old.object_id, "
            + fullTextColumns.map { "old.\($0)" }.joined(separator: ", ") + ");"
        switch event {
        case "insert":
            return "CREATE TRIGGER works_fts_insert AFTER INSERT ON works BEGIN \(insert) END"
        case "delete":
            return "CREATE TRIGGER works_fts_delete AFTER DELETE ON works BEGIN \(delete) END"
        default:
            return "CREATE TRIGGER works_fts_update AFTER UPDATE OF \(columns) ON works BEGIN \(delete) \(insert) END"
        }
    }
}
