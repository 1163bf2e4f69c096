import ETLCore
import ETLPictures
import FetchEngine
import Store

/// Version 3: a catalog Datasette, sqlite-utils and apps use with no glue.
///
/// Bodies move to `objects_raw` so scanning `objects` (status, browsing,
/// facets) reads ~100 bytes a row instead of ~2.5 KB; record fields get typed
/// columns on `objects` and `works`; the full-text index is declared the way
/// Datasette and sqlite-utils detect it and stems English; the rejection
/// views are generated from ``RejectionReason``.
extension CatalogSchema {
    package static let fullTextColumns = ["title_text", "artist_display_name"]

    /// The external-content FTS5 table. Both tools look for the literal
    /// `content="works"` in its SQL.
    package static let fullTextTableSQL = """
        CREATE VIRTUAL TABLE works_fts USING fts5 (
            \(fullTextColumns.joined(separator: ", ")),
            content="works", content_rowid="object_id", tokenize="porter unicode61"
        )
        """

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

    package static let indexesSQL = """
        CREATE INDEX objects_by_state ON objects (state, is_listed, is_complete, needs_fetch, planned_out);
        CREATE INDEX objects_by_department ON objects (department);
        CREATE INDEX objects_by_classification ON objects (classification);
        CREATE INDEX objects_by_begin_date ON objects (object_begin_date);
        CREATE INDEX works_by_department ON works (department);
        CREATE INDEX works_by_classification ON works (classification);
        CREATE INDEX works_by_begin_date ON works (object_begin_date);
        """

    /// Upgrades a version 2 catalog in place, inside the migration's transaction.
    package static func migrateToVersion3(_ database: Database) throws {
        let objectColumns = [
            "object_begin_date INTEGER", "object_end_date INTEGER", "culture TEXT", "period TEXT",
            "country TEXT", "artist_nationality TEXT", "accession_number TEXT", "credit_line TEXT",
            "is_highlight INTEGER", "title_text TEXT",
        ]
        let workColumns = [
            "title_text TEXT", "object_begin_date INTEGER", "object_end_date INTEGER", "culture TEXT",
            "period TEXT", "country TEXT", "medium TEXT", "artist_nationality TEXT", "accession_number TEXT",
            "credit_line TEXT", "is_highlight INTEGER", "primary_image_small TEXT",
        ]
        var sql = """
            DROP VIEW rejections;
            ALTER TABLE images ADD COLUMN width INTEGER;
            ALTER TABLE images ADD COLUMN height INTEGER;
            CREATE INDEX images_by_sha256 ON images (sha256) WHERE state = 'ok';

            """
        sql += objectColumns.map { "ALTER TABLE objects ADD COLUMN \($0);\n" }.joined()
        sql += workColumns.map { "ALTER TABLE works ADD COLUMN \($0);\n" }.joined()
        sql += """
            CREATE TABLE objects_raw (
                object_id INTEGER PRIMARY KEY REFERENCES objects (object_id) ON DELETE CASCADE,
                raw_json  TEXT NOT NULL
            );
            INSERT INTO objects_raw (object_id, raw_json)
                SELECT object_id, raw_json FROM objects WHERE raw_json IS NOT NULL;
            """
        try database.execute(sql: sql)
        try backfillPromotedColumns(database)
        let copied = PromotedColumns.workColumns.map { "\($0) = o.\($0)" }.joined(separator: ", ")
        try database.execute(sql: """
            ALTER TABLE objects DROP COLUMN raw_json;
            UPDATE works SET \(copied) FROM objects o WHERE o.object_id = works.object_id;
            DROP TRIGGER works_fts_insert;
            DROP TRIGGER works_fts_delete;
            DROP TRIGGER works_fts_update;
            DROP TABLE works_fts;
            \(fullTextTableSQL);
            \(fullTextTriggerSQL("insert"));
            \(fullTextTriggerSQL("delete"));
            \(fullTextTriggerSQL("update"));
            INSERT INTO works_fts (works_fts) VALUES ('rebuild');
            \(indexesSQL)
            \(RejectionReason.rejectionsViewSQL);
            \(RejectionReason.rejectedObjectsViewSQL);
            """)
    }

    /// Moving the bodies out of `objects` leaves their old pages free: give
    /// them back once, outside the migration's transaction (VACUUM cannot
    /// run inside one).
    package static func compactAfterMigration(_ database: Database, from version: Int) throws {
        guard version > 0, version < 3 else { return }
        // Only space is at stake: a reader holding the file (Datasette) or a
        // full disk must not fail a command whose migration has committed.
        try? database.execute(sql: "VACUUM")
    }

    /// Fills the promoted columns from the stored bodies as version 3
    /// read them: integers and booleans only when the JSON holds one, blank
    /// text as NULL, the title as plain text.
    private static func backfillPromotedColumns(_ database: Database) throws {
        func text(_ key: String) -> String {
            "CASE WHEN json_type(raw_json, '$.\(key)') = 'text' AND trim(json_extract(raw_json, '$.\(key)'), ' '||char(9,10,13)) <> '' "
                + "THEN json_extract(raw_json, '$.\(key)') END"
        }
        func integer(_ key: String) -> String {
            "CASE WHEN json_type(raw_json, '$.\(key)') = 'integer' THEN json_extract(raw_json, '$.\(key)') END"
        }
        try database.execute(sql: """
            UPDATE objects SET
                object_begin_date = r.b, object_end_date = r.e, culture = r.cu, period = r.pe, country = r.co,
                artist_nationality = r.an, accession_number = r.ac, credit_line = r.cl, is_highlight = r.hi
              FROM (SELECT object_id, \(integer("objectBeginDate")) AS b, \(integer("objectEndDate")) AS e,
                           \(text("culture")) AS cu, \(text("period")) AS pe, \(text("country")) AS co,
                           \(text("artistNationality")) AS an, \(text("accessionNumber")) AS ac,
                           \(text("creditLine")) AS cl,
                           CASE json_type(raw_json, '$.isHighlight') WHEN 'true' THEN 1 WHEN 'false' THEN 0 END AS hi
                      FROM objects_raw WHERE json_valid(raw_json)) AS r
             WHERE r.object_id = objects.object_id
            """)
        let update = try database.makeStatement(sql: "UPDATE objects SET title_text = ? WHERE object_id = ?")
        let titles = try database.makeStatement(sql: """
            SELECT object_id, json_extract(raw_json, '$.title') FROM objects_raw
             WHERE json_valid(raw_json) AND json_type(raw_json, '$.title') = 'text'
            """)
        try titles.forEachRow { row in
            guard case .integer(let id) = row[0], case .text(let title) = row[1] else { return }
            try update.execute(arguments: [.text(PlainText.from(markup: title)), .integer(id)])
        }
    }
}
