import ETLCore
import ETLPictures
import FetchEngine
import Store

/// The catalog's schema, one migration per version.
///
/// `PRAGMA user_version` holds the version; `application_id` marks the file
/// as an etl catalog so `etl` refuses to write into somebody else's database.
///
/// Every step is frozen: the SQL (or self-contained code) that version
/// shipped with, which never calls today's decoder, column lists or reason
/// enum, so a catalog upgraded from any version ends as a fresh one does
/// (Tests/Fixtures/catalog holds a catalog of each earlier version). Views
/// generated from today's code are kept current apart from the steps, by
/// ``refreshDefinitions(_:reasons:)``. A new version is a new step at the end.
package enum CatalogSchema {
    /// 'METL' in ASCII.
    package static let applicationID: Int64 = 0x4D45_544C
    package static let version = 8

    /// Row size is ~2.5 KB of raw JSON: 16 KB pages measured 3.5× faster to
    /// insert than 4 KB ones and gave a 58% smaller file.
    package static let pageSize = 16_384

    /// Upgrades the schema from `version` to `version + 1`.
    package static func migrate(_ database: Database, from version: Int) throws {
        switch version {
        case 2: try migrateToVersion3(database)
        default: try database.execute(sql: stepSQL[version])
        }
    }

    /// The SQL of each step, `stepSQL[v]` upgrading version `v` to `v + 1`
    /// (version 3's is the SQL around its backfill).
    package static let stepSQL: [String] = migrations + [
        version3AddSQL + "\n" + version3RebuildSQL, version4SQL, version5SQL, version6SQL, version7SQL, version8SQL,
    ]

    /// Versions 1 and 2, as they stood when version 3 shipped.
    package static let migrations: [String] = [
        """
        CREATE TABLE objects (
            object_id           INTEGER PRIMARY KEY,
            state               TEXT NOT NULL DEFAULT 'pending'
                                CHECK (state IN ('pending', 'fetched', 'gone', 'failed', 'bad_id')),
            needs_fetch         INTEGER NOT NULL DEFAULT 1,
            is_listed           INTEGER NOT NULL DEFAULT 1,
            withdrawn_at        TEXT,
            http_status         INTEGER,
            fetched_at          TEXT,
            attempts            INTEGER NOT NULL DEFAULT 0,
            error               TEXT,
            raw_json            TEXT,
            is_public_domain    INTEGER,
            primary_image       TEXT,
            primary_image_small TEXT,
            artist_display_name TEXT,
            title               TEXT,
            classification      TEXT,
            object_date         TEXT,
            medium              TEXT,
            object_url          TEXT,
            department          TEXT,
            metadata_date       TEXT,
            is_complete         INTEGER NOT NULL DEFAULT 0,
            dedup_key           TEXT,
            planned_out         INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX objects_by_dedup_key ON objects (dedup_key, object_id, state, is_listed) WHERE is_complete = 1;
        CREATE INDEX objects_to_fetch ON objects (state, object_id) WHERE needs_fetch = 1;

        CREATE TABLE object_reasons (
            object_id INTEGER NOT NULL REFERENCES objects (object_id) ON DELETE CASCADE,
            reason    TEXT NOT NULL,
            PRIMARY KEY (object_id, reason)
        ) WITHOUT ROWID;

        CREATE TABLE works (
            object_id           INTEGER PRIMARY KEY REFERENCES objects (object_id),
            title               TEXT NOT NULL,
            artist_display_name TEXT NOT NULL,
            department          TEXT,
            classification      TEXT,
            object_date         TEXT,
            primary_image       TEXT NOT NULL,
            object_url          TEXT,
            page                INTEGER,
            position            INTEGER
        );
        CREATE INDEX works_by_page ON works (page, position) WHERE page IS NOT NULL;

        -- The page files as last written, line by line. Kept apart from
        -- `works` so the lines of works that have since left still count
        -- when the next set is compared with this one.
        CREATE TABLE page_lines (
            page      INTEGER NOT NULL,
            position  INTEGER NOT NULL,
            object_id INTEGER NOT NULL,
            PRIMARY KEY (page, position)
        ) WITHOUT ROWID;

        CREATE VIRTUAL TABLE works_fts USING fts5 (
            title, artist_display_name, content = 'works', content_rowid = 'object_id'
        );
        CREATE TRIGGER works_fts_insert AFTER INSERT ON works BEGIN
            INSERT INTO works_fts (rowid, title, artist_display_name)
            VALUES (new.object_id, new.title, new.artist_display_name);
        END;
        CREATE TRIGGER works_fts_delete AFTER DELETE ON works BEGIN
            INSERT INTO works_fts (works_fts, rowid, title, artist_display_name)
            VALUES ('delete', old.object_id, old.title, old.artist_display_name);
        END;
        CREATE TRIGGER works_fts_update AFTER UPDATE OF title, artist_display_name ON works BEGIN
            INSERT INTO works_fts (works_fts, rowid, title, artist_display_name)
            VALUES ('delete', old.object_id, old.title, old.artist_display_name);
            INSERT INTO works_fts (rowid, title, artist_display_name)
            VALUES (new.object_id, new.title, new.artist_display_name);
        END;

        CREATE VIEW rejections (object_id, reason) AS
            SELECT object_id, reason FROM object_reasons
            UNION ALL
            SELECT object_id, 'duplicate' FROM objects
             WHERE is_complete = 1 AND state = 'fetched' AND is_listed = 1
               AND object_id NOT IN (SELECT object_id FROM works)
            UNION ALL
            SELECT object_id, 'gone' FROM objects WHERE state = 'gone'
            UNION ALL
            SELECT object_id, 'bad_id' FROM objects WHERE state = 'bad_id'
            UNION ALL
            SELECT object_id, 'withdrawn' FROM objects WHERE is_listed = 0;

        CREATE TABLE runs (
            id                  INTEGER PRIMARY KEY,
            started_at          TEXT NOT NULL,
            finished_at         TEXT,
            status              TEXT NOT NULL DEFAULT 'running',
            mode                TEXT NOT NULL,
            listed              INTEGER,
            queued              INTEGER NOT NULL DEFAULT 0,
            requests            INTEGER NOT NULL DEFAULT 0,
            fetched             INTEGER NOT NULL DEFAULT 0,
            kept                INTEGER NOT NULL DEFAULT 0,
            kept_delta          INTEGER NOT NULL DEFAULT 0,
            gone                INTEGER NOT NULL DEFAULT 0,
            failed              INTEGER NOT NULL DEFAULT 0,
            bad_ids             INTEGER NOT NULL DEFAULT 0,
            withdrawn           INTEGER NOT NULL DEFAULT 0,
            blocks              INTEGER NOT NULL DEFAULT 0,
            retries             INTEGER NOT NULL DEFAULT 0,
            duration_seconds    REAL NOT NULL DEFAULT 0,
            achieved_rate       REAL NOT NULL DEFAULT 0,
            page_lines_changed  INTEGER NOT NULL DEFAULT 0,
            error               TEXT
        );

        CREATE TABLE settings (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        """,
        // 2: the image cache of `etl images`. One row per work whose picture
        // was tried: `ok` rows describe `file` in the image folder (the
        // `images_dir` setting); `failed` rows say why there is none.
        """
        CREATE TABLE images (
            object_id    INTEGER PRIMARY KEY REFERENCES objects (object_id),
            url          TEXT NOT NULL,
            state        TEXT NOT NULL CHECK (state IN ('ok', 'failed')),
            file         TEXT,
            bytes        INTEGER,
            sha256       TEXT,
            content_type TEXT,
            http_status  INTEGER,
            fetched_at   TEXT NOT NULL,
            attempts     INTEGER NOT NULL DEFAULT 0,
            failure      TEXT,
            error        TEXT,
            CHECK ((state = 'ok') = (file IS NOT NULL AND bytes IS NOT NULL AND sha256 IS NOT NULL)),
            CHECK ((state = 'failed') = (failure IS NOT NULL))
        );
        CREATE INDEX images_failed ON images (failure) WHERE state = 'failed';
        """,
    ]

    /// A table that a migration after `version` creates but the file
    /// already has: its `user_version` was lowered, and migrating would fail
    /// half-way with `table … already exists`.
    package static func tableAhead(of version: Int, in database: Database) throws -> String? {
        guard version >= 0, version < self.version else { return nil }
        let existing = try tableNames(in: database)
        return tables(createdBy: stepSQL[version...]).first { existing.contains($0) }
    }

    /// A table every catalog of `version` has (its steps made it, and none
    /// drops one) that the file lacks: dropped by hand, so the file is
    /// damaged, found before an upgrade would change it.
    package static func tableMissing(at version: Int, in database: Database) throws -> String? {
        guard version > 0, version <= self.version else { return nil }
        let existing = try tableNames(in: database)
        return tables(createdBy: stepSQL[..<version]).first { !existing.contains($0) }
    }

    private static func tableNames(in database: Database) throws -> Set<String> {
        Set(try database.fetchAll(sql: "SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { try $0.text(named: "name") })
    }

    /// The tables `steps` create, in order (`CREATE TABLE name`, as the frozen steps write it).
    private static func tables(createdBy steps: ArraySlice<String>) -> [String] {
        steps.flatMap { step in
            step.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                return words.count >= 3 && words[0] == "CREATE" && words[1] == "TABLE" ? String(words[2]) : nil
            }
        }
    }
}
