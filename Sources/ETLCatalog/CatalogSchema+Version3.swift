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
/// views are those of the reasons known then.
///
/// Frozen as version 3 shipped (9d4f6e2): its SQL is the text that version
/// generated, and the promoted columns are filled by a copy of that day's
/// decoding rules (``backfillVersion3Columns(_:)``), so a later decoder,
/// column list or reason cannot change what this step writes. Views built
/// from today's reasons replace its views on open (``refreshDefinitions(_:reasons:)``).
extension CatalogSchema {
    /// Upgrades a version 2 catalog in place, inside the migration's transaction.
    package static func migrateToVersion3(_ database: Database) throws {
        try database.execute(sql: version3AddSQL)
        try backfillVersion3Columns(database)
        try database.execute(sql: version3RebuildSQL)
    }

    /// The new columns and `objects_raw`, filled with the bodies.
    package static let version3AddSQL = """
        DROP VIEW rejections;
        ALTER TABLE images ADD COLUMN width INTEGER;
        ALTER TABLE images ADD COLUMN height INTEGER;
        CREATE INDEX images_by_sha256 ON images (sha256) WHERE state = 'ok';
        ALTER TABLE objects ADD COLUMN object_begin_date INTEGER;
        ALTER TABLE objects ADD COLUMN object_end_date INTEGER;
        ALTER TABLE objects ADD COLUMN culture TEXT;
        ALTER TABLE objects ADD COLUMN period TEXT;
        ALTER TABLE objects ADD COLUMN country TEXT;
        ALTER TABLE objects ADD COLUMN artist_nationality TEXT;
        ALTER TABLE objects ADD COLUMN accession_number TEXT;
        ALTER TABLE objects ADD COLUMN credit_line TEXT;
        ALTER TABLE objects ADD COLUMN is_highlight INTEGER;
        ALTER TABLE objects ADD COLUMN title_text TEXT;
        ALTER TABLE works ADD COLUMN title_text TEXT;
        ALTER TABLE works ADD COLUMN object_begin_date INTEGER;
        ALTER TABLE works ADD COLUMN object_end_date INTEGER;
        ALTER TABLE works ADD COLUMN culture TEXT;
        ALTER TABLE works ADD COLUMN period TEXT;
        ALTER TABLE works ADD COLUMN country TEXT;
        ALTER TABLE works ADD COLUMN medium TEXT;
        ALTER TABLE works ADD COLUMN artist_nationality TEXT;
        ALTER TABLE works ADD COLUMN accession_number TEXT;
        ALTER TABLE works ADD COLUMN credit_line TEXT;
        ALTER TABLE works ADD COLUMN is_highlight INTEGER;
        ALTER TABLE works ADD COLUMN primary_image_small TEXT;
        CREATE TABLE objects_raw (
            object_id INTEGER PRIMARY KEY REFERENCES objects (object_id) ON DELETE CASCADE,
            raw_json  TEXT NOT NULL
        );
        INSERT INTO objects_raw (object_id, raw_json)
            SELECT object_id, raw_json FROM objects WHERE raw_json IS NOT NULL;
        """

    /// After the backfill: the works get the new columns, the full-text
    /// index is rebuilt over `title_text`, and the indexes and views made.
    package static let version3RebuildSQL = """
        ALTER TABLE objects DROP COLUMN raw_json;
        UPDATE works SET title = o.title, title_text = o.title_text, artist_display_name = o.artist_display_name, \
        department = o.department, classification = o.classification, object_date = o.object_date, \
        object_begin_date = o.object_begin_date, object_end_date = o.object_end_date, culture = o.culture, \
        period = o.period, country = o.country, medium = o.medium, artist_nationality = o.artist_nationality, \
        accession_number = o.accession_number, credit_line = o.credit_line, is_highlight = o.is_highlight, \
        primary_image = o.primary_image, primary_image_small = o.primary_image_small, object_url = o.object_url \
        FROM objects o WHERE o.object_id = works.object_id;
        DROP TRIGGER works_fts_insert;
        DROP TRIGGER works_fts_delete;
        DROP TRIGGER works_fts_update;
        DROP TABLE works_fts;
        CREATE VIRTUAL TABLE works_fts USING fts5 (
            title_text, artist_display_name,
            content="works", content_rowid="object_id", tokenize="porter unicode61"
        );
        CREATE TRIGGER works_fts_insert AFTER INSERT ON works BEGIN \
        INSERT INTO works_fts (rowid, title_text, artist_display_name) \
        VALUES (new.object_id, new.title_text, new.artist_display_name); END;
        CREATE TRIGGER works_fts_delete AFTER DELETE ON works BEGIN \
        INSERT INTO works_fts (works_fts, rowid, title_text, artist_display_name) \
        VALUES ('delete', old.object_id, old.title_text, old.artist_display_name); END;
        CREATE TRIGGER works_fts_update AFTER UPDATE OF title_text, artist_display_name ON works BEGIN \
        INSERT INTO works_fts (works_fts, rowid, title_text, artist_display_name) \
        VALUES ('delete', old.object_id, old.title_text, old.artist_display_name); \
        INSERT INTO works_fts (rowid, title_text, artist_display_name) \
        VALUES (new.object_id, new.title_text, new.artist_display_name); END;
        INSERT INTO works_fts (works_fts) VALUES ('rebuild');
        CREATE INDEX objects_by_state ON objects (state, is_listed, is_complete, needs_fetch, planned_out);
        CREATE INDEX objects_by_department ON objects (department);
        CREATE INDEX objects_by_classification ON objects (classification);
        CREATE INDEX objects_by_begin_date ON objects (object_begin_date);
        CREATE INDEX works_by_department ON works (department);
        CREATE INDEX works_by_classification ON works (classification);
        CREATE INDEX works_by_begin_date ON works (object_begin_date);
        \(version3RejectionsViewSQL);
        \(version3RejectedObjectsViewSQL);
        """

    /// Moving the bodies out of `objects` leaves their old pages free: give
    /// them back once, outside the migration's transaction (VACUUM cannot
    /// run inside one).
    package static func compactAfterMigration(_ database: Database, from version: Int) throws {
        guard version > 0, version < 3 else { return }
        // Only space is at stake: a reader holding the file (Datasette) or a
        // full disk must not fail a command whose migration has committed.
        try? database.execute(sql: "VACUUM")
    }
}
