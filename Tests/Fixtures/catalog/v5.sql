-- A catalog at schema version 5, written by etl at 3437725: two crawls of
-- scripts/make_catalog_fixtures.py's records against that commit's mock API.
PRAGMA page_size = 16384;
BEGIN;
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
, object_begin_date INTEGER, object_end_date INTEGER, culture TEXT, period TEXT, country TEXT, artist_nationality TEXT, accession_number TEXT, credit_line TEXT, is_highlight INTEGER, title_text TEXT);
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
, title_text TEXT, object_begin_date INTEGER, object_end_date INTEGER, culture TEXT, period TEXT, country TEXT, medium TEXT, artist_nationality TEXT, accession_number TEXT, credit_line TEXT, is_highlight INTEGER, primary_image_small TEXT);
CREATE INDEX works_by_page ON works (page, position) WHERE page IS NOT NULL;
CREATE TABLE page_lines (
    page      INTEGER NOT NULL,
    position  INTEGER NOT NULL,
    object_id INTEGER NOT NULL,
    PRIMARY KEY (page, position)
) WITHOUT ROWID;
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
, max_duration_seconds REAL, max_requests INTEGER);
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
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
    error        TEXT, width INTEGER, height INTEGER,
    CHECK ((state = 'ok') = (file IS NOT NULL AND bytes IS NOT NULL AND sha256 IS NOT NULL)),
    CHECK ((state = 'failed') = (failure IS NOT NULL))
);
CREATE INDEX images_failed ON images (failure) WHERE state = 'failed';
CREATE INDEX images_by_sha256 ON images (sha256) WHERE state = 'ok';
CREATE TABLE objects_raw (
    object_id INTEGER PRIMARY KEY REFERENCES objects (object_id) ON DELETE CASCADE,
    raw_json  TEXT NOT NULL
);
CREATE VIRTUAL TABLE works_fts USING fts5 (
    title_text, artist_display_name,
    content="works", content_rowid="object_id", tokenize="porter unicode61"
);
CREATE TRIGGER works_fts_insert AFTER INSERT ON works BEGIN INSERT INTO works_fts (rowid, title_text, artist_display_name) VALUES (new.object_id, new.title_text, new.artist_display_name); END;
CREATE TRIGGER works_fts_delete AFTER DELETE ON works BEGIN INSERT INTO works_fts (works_fts, rowid, title_text, artist_display_name) VALUES ('delete', old.object_id, old.title_text, old.artist_display_name); END;
CREATE TRIGGER works_fts_update AFTER UPDATE OF title_text, artist_display_name ON works BEGIN INSERT INTO works_fts (works_fts, rowid, title_text, artist_display_name) VALUES ('delete', old.object_id, old.title_text, old.artist_display_name); INSERT INTO works_fts (rowid, title_text, artist_display_name) VALUES (new.object_id, new.title_text, new.artist_display_name); END;
CREATE INDEX objects_by_state ON objects (state, is_listed, is_complete, needs_fetch, planned_out);
CREATE INDEX objects_by_department ON objects (department);
CREATE INDEX objects_by_classification ON objects (classification);
CREATE INDEX objects_by_begin_date ON objects (object_begin_date);
CREATE INDEX works_by_department ON works (department);
CREATE INDEX works_by_classification ON works (classification);
CREATE INDEX works_by_begin_date ON works (object_begin_date);
CREATE VIEW rejections (object_id, reason) AS
    SELECT object_id, reason FROM object_reasons
    UNION ALL
    SELECT o.object_id, 'withdrawn' FROM objects o WHERE o.is_listed = 0
    UNION ALL
    SELECT o.object_id, 'gone' FROM objects o WHERE o.state = 'gone'
    UNION ALL
    SELECT o.object_id, 'bad_id' FROM objects o WHERE o.state = 'bad_id'
    UNION ALL
    SELECT o.object_id, 'duplicate' FROM objects o WHERE o.is_complete = 1 AND o.state = 'fetched' AND o.is_listed = 1
   AND o.object_id NOT IN (SELECT object_id FROM works)
    UNION ALL
    SELECT o.object_id, 'duplicate_image' FROM objects o WHERE o.object_id IN (SELECT di.object_id FROM images di JOIN works dw ON dw.object_id = di.object_id
 WHERE di.state = 'ok' AND di.url = coalesce(nullif(trim(dw.primary_image_small), ''), nullif(trim(dw.primary_image), '')) AND EXISTS (
    SELECT 1 FROM images fi JOIN works fw ON fw.object_id = fi.object_id
     WHERE fi.state = 'ok' AND fi.sha256 = di.sha256 AND fi.object_id < di.object_id
       AND fi.url = coalesce(nullif(trim(fw.primary_image_small), ''), nullif(trim(fw.primary_image), ''))));
CREATE VIEW rejected_objects (object_id, first_reason, reasons, reason_count) AS
    SELECT object_id, CASE min(rank) WHEN 0 THEN 'withdrawn' WHEN 1 THEN 'gone' WHEN 2 THEN 'bad_id' WHEN 3 THEN 'invalid_objectID' WHEN 4 THEN 'not_public_domain' WHEN 5 THEN 'missing_primaryImage' WHEN 6 THEN 'missing_artistDisplayName' WHEN 7 THEN 'missing_title' WHEN 8 THEN 'missing_classification' WHEN 9 THEN 'missing_objectDate' WHEN 10 THEN 'csv_not_public_domain' WHEN 11 THEN 'csv_missing_artistDisplayName' WHEN 12 THEN 'csv_missing_title' WHEN 13 THEN 'csv_missing_classification' WHEN 14 THEN 'csv_missing_objectDate' WHEN 15 THEN 'invalid_id' WHEN 16 THEN 'missing_farm' WHEN 17 THEN 'missing_server' WHEN 18 THEN 'missing_secret' WHEN 19 THEN 'not_public' WHEN 20 THEN 'missing_overview' WHEN 21 THEN 'missing_poster_path' WHEN 22 THEN 'missing_release_date' WHEN 23 THEN 'missing_vote_average' WHEN 24 THEN 'duplicate' WHEN 25 THEN 'duplicate_image' END, group_concat(reason, ' '), count(*)
      FROM (SELECT object_id, reason, CASE reason WHEN 'withdrawn' THEN 0 WHEN 'gone' THEN 1 WHEN 'bad_id' THEN 2 WHEN 'invalid_objectID' THEN 3 WHEN 'not_public_domain' THEN 4 WHEN 'missing_primaryImage' THEN 5 WHEN 'missing_artistDisplayName' THEN 6 WHEN 'missing_title' THEN 7 WHEN 'missing_classification' THEN 8 WHEN 'missing_objectDate' THEN 9 WHEN 'csv_not_public_domain' THEN 10 WHEN 'csv_missing_artistDisplayName' THEN 11 WHEN 'csv_missing_title' THEN 12 WHEN 'csv_missing_classification' THEN 13 WHEN 'csv_missing_objectDate' THEN 14 WHEN 'invalid_id' THEN 15 WHEN 'missing_farm' THEN 16 WHEN 'missing_server' THEN 17 WHEN 'missing_secret' THEN 18 WHEN 'not_public' THEN 19 WHEN 'missing_overview' THEN 20 WHEN 'missing_poster_path' THEN 21 WHEN 'missing_release_date' THEN 22 WHEN 'missing_vote_average' THEN 23 WHEN 'duplicate' THEN 24 WHEN 'duplicate_image' THEN 25 ELSE 26 END AS rank
              FROM rejections ORDER BY object_id, rank)
     GROUP BY object_id;
CREATE TABLE run_minutes (
    kind           TEXT NOT NULL CHECK (kind IN ('crawl', 'images')),
    run_started_at TEXT NOT NULL,
    run_id         INTEGER REFERENCES runs (id),
    minute         INTEGER NOT NULL,
    started_at     TEXT NOT NULL,
    seconds        REAL NOT NULL,
    requests       INTEGER NOT NULL,
    ok             INTEGER NOT NULL,
    gone           INTEGER NOT NULL,
    failed         INTEGER NOT NULL,
    retries        INTEGER NOT NULL,
    refusals       INTEGER NOT NULL,
    noise          INTEGER NOT NULL,
    blocks         INTEGER NOT NULL,
    bytes          INTEGER NOT NULL,
    rate_in_force  REAL,
    rate_achieved  REAL NOT NULL,
    ceiling        REAL,
    objects        INTEGER NOT NULL,
    complete       INTEGER NOT NULL,
    PRIMARY KEY (kind, run_started_at, minute)
);
CREATE INDEX run_minutes_by_run ON run_minutes (run_id, minute) WHERE run_id IS NOT NULL;
CREATE TABLE pacing_memory (
    host               TEXT PRIMARY KEY,
    ceiling            REAL CHECK (ceiling IS NULL OR ceiling > 0),
    clean_rate         REAL CHECK (clean_rate IS NULL OR clean_rate > 0),
    last_block_at      TEXT,
    last_block_seconds REAL,
    updated_at         TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO objects (object_id, state, needs_fetch, is_listed, withdrawn_at, http_status, fetched_at, attempts, error, is_public_domain, primary_image, primary_image_small, artist_display_name, title, classification, object_date, medium, object_url, department, metadata_date, is_complete, dedup_key, planned_out, object_begin_date, object_end_date, culture, period, country, artist_nationality, accession_number, credit_line, is_highlight, title_text) VALUES (1001, 'fetched', 0, 1, NULL, 200, '2026-12-02T06:18:32.983Z', 1, NULL, 1, 'https://images.metmuseum.org/CRDImages/ep/original/DP-1001.jpg', 'https://images.metmuseum.org/CRDImages/ep/web-large/DP-1001.jpg', 'Umetada Myōju', 'Sword (<i>Wakizashi</i>) &amp; Scabbard', 'Swords', '1615–1868', 'Steel, wood, lacquer', 'https://www.metmuseum.org/art/collection/search/1001', 'Arms and Armor', '2026-11-02T04:56:11.247Z', 1, 'umetada myōjusword (<i>wakizashi</i>) &amp; scabbard', 0, 1615, 1868, 'Japanese', 'Edo period (1615–1868)', NULL, NULL, '36.120.82', 'Gift of Bashford Dean, 1936', 1, 'Sword (Wakizashi) & Scabbard');
INSERT INTO objects (object_id, state, needs_fetch, is_listed, withdrawn_at, http_status, fetched_at, attempts, error, is_public_domain, primary_image, primary_image_small, artist_display_name, title, classification, object_date, medium, object_url, department, metadata_date, is_complete, dedup_key, planned_out, object_begin_date, object_end_date, culture, period, country, artist_nationality, accession_number, credit_line, is_highlight, title_text) VALUES (1002, 'fetched', 0, 1, NULL, 200, '2026-12-02T06:18:32.986Z', 1, NULL, 1, 'https://images.metmuseum.org/CRDImages/ep/original/DP-1002.jpg', 'https://images.metmuseum.org/CRDImages/ep/web-large/DP-1002.jpg', 'Jean-François Millet', 'Seated Peasant Woman with Goats', 'Drawings', '1866', 'Black chalk', 'https://www.metmuseum.org/art/collection/search/1002', 'Drawings and Prints', '2026-11-02T04:56:11.247Z', 1, 'jean-françois milletseated peasant woman with goats', 0, 1866, 1867, 'French', NULL, NULL, 'French', '1975.1.622', 'Robert Lehman Collection, 1975', 0, 'Seated Peasant Woman with Goats');
INSERT INTO objects (object_id, state, needs_fetch, is_listed, withdrawn_at, http_status, fetched_at, attempts, error, is_public_domain, primary_image, primary_image_small, artist_display_name, title, classification, object_date, medium, object_url, department, metadata_date, is_complete, dedup_key, planned_out, object_begin_date, object_end_date, culture, period, country, artist_nationality, accession_number, credit_line, is_highlight, title_text) VALUES (1003, 'fetched', 0, 1, NULL, 200, '2026-12-02T06:18:32.986Z', 1, NULL, 0, '', '', 'Unknown Painter', 'Portrait of a Man', 'Paintings', 'ca. 1520', '', 'https://www.metmuseum.org/art/collection/search/1003', 'European Paintings', '2026-11-02T04:56:11.247Z', 0, NULL, 0, 1515, 1525, NULL, NULL, 'Netherlands', NULL, '29.100.15', 'H. O. Havemeyer Collection, 1929', 0, 'Portrait of a Man');
INSERT INTO objects (object_id, state, needs_fetch, is_listed, withdrawn_at, http_status, fetched_at, attempts, error, is_public_domain, primary_image, primary_image_small, artist_display_name, title, classification, object_date, medium, object_url, department, metadata_date, is_complete, dedup_key, planned_out, object_begin_date, object_end_date, culture, period, country, artist_nationality, accession_number, credit_line, is_highlight, title_text) VALUES (1004, 'fetched', 0, 1, NULL, 200, '2026-12-02T06:18:32.988Z', 1, NULL, 1, 'https://images.metmuseum.org/CRDImages/ep/original/DP-1004.jpg', '', 'Workshop of Paul Revere', '', '', '1850', '', 'https://www.metmuseum.org/art/collection/search/1004', 'The American Wing', '2026-11-02T04:56:11.247Z', 0, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, '33.120.543', 'Bequest of A. T. Clearwater, 1933', NULL, '');
INSERT INTO objects (object_id, state, needs_fetch, is_listed, withdrawn_at, http_status, fetched_at, attempts, error, is_public_domain, primary_image, primary_image_small, artist_display_name, title, classification, object_date, medium, object_url, department, metadata_date, is_complete, dedup_key, planned_out, object_begin_date, object_end_date, culture, period, country, artist_nationality, accession_number, credit_line, is_highlight, title_text) VALUES (1005, 'fetched', 0, 1, NULL, 200, '2026-12-02T06:18:32.983Z', 1, NULL, 1, 'https://images.metmuseum.org/CRDImages/ep/original/DP-1005.jpg', 'https://images.metmuseum.org/CRDImages/ep/web-large/DP-1005.jpg', 'Jean-François  Millet', 'Seated  peasant woman with goats', 'Drawings', '1866', '', 'https://www.metmuseum.org/art/collection/search/1005', 'Drawings and Prints', '2026-11-02T04:56:11.247Z', 1, 'jean-françois milletseated peasant woman with goats', 0, 1866, 1866, 'French', NULL, NULL, NULL, '1975.1.623', 'Robert Lehman Collection, 1975', 0, 'Seated peasant woman with goats');
INSERT INTO objects (object_id, state, needs_fetch, is_listed, withdrawn_at, http_status, fetched_at, attempts, error, is_public_domain, primary_image, primary_image_small, artist_display_name, title, classification, object_date, medium, object_url, department, metadata_date, is_complete, dedup_key, planned_out, object_begin_date, object_end_date, culture, period, country, artist_nationality, accession_number, credit_line, is_highlight, title_text) VALUES (1006, 'gone', 0, 1, NULL, 404, '2026-12-02T06:18:32.984Z', 1, 'Not a valid object', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO objects (object_id, state, needs_fetch, is_listed, withdrawn_at, http_status, fetched_at, attempts, error, is_public_domain, primary_image, primary_image_small, artist_display_name, title, classification, object_date, medium, object_url, department, metadata_date, is_complete, dedup_key, planned_out, object_begin_date, object_end_date, culture, period, country, artist_nationality, accession_number, credit_line, is_highlight, title_text) VALUES (1007, 'fetched', 0, 0, '2026-12-02T06:18:33.229Z', 200, '2026-12-02T06:18:32.986Z', 1, NULL, 1, 'https://images.metmuseum.org/CRDImages/ep/original/DP-1007.jpg', 'https://images.metmuseum.org/CRDImages/ep/web-large/DP-1007.jpg', 'El Greco (Domenikos Theotokopoulos)', 'View of Toledo', 'Paintings', 'ca. 1599–1600', 'Oil on canvas', 'https://www.metmuseum.org/art/collection/search/1007', 'European Paintings', '2026-11-02T04:56:11.247Z', 1, 'el greco (domenikos theotokopoulos)view of toledo', 0, 1599, 1600, 'Spanish', NULL, NULL, 'Greek', '29.100.6', 'H. O. Havemeyer Collection, 1929', 1, 'View of Toledo');
INSERT INTO objects (object_id, state, needs_fetch, is_listed, withdrawn_at, http_status, fetched_at, attempts, error, is_public_domain, primary_image, primary_image_small, artist_display_name, title, classification, object_date, medium, object_url, department, metadata_date, is_complete, dedup_key, planned_out, object_begin_date, object_end_date, culture, period, country, artist_nationality, accession_number, credit_line, is_highlight, title_text) VALUES (1009, 'fetched', 0, 1, NULL, 200, '2026-12-02T06:18:32.987Z', 1, NULL, 1, 'https://images.metmuseum.org/CRDImages/ep/original/DP-1009.jpg', '', 'Juan de Zurbarán', '  Still Life   with	Lemons ', 'Paintings', '1640s', 'Oil on canvas', 'https://www.metmuseum.org/art/collection/search/1009', 'European Paintings', '2026-11-02T04:56:11.247Z', 1, 'juan de zurbaránstill life with lemons', 0, 1640, 1649, 'Spanish', NULL, NULL, NULL, '2019.141', 'Purchase, 2019', 0, 'Still Life with Lemons');
INSERT INTO objects (object_id, state, needs_fetch, is_listed, withdrawn_at, http_status, fetched_at, attempts, error, is_public_domain, primary_image, primary_image_small, artist_display_name, title, classification, object_date, medium, object_url, department, metadata_date, is_complete, dedup_key, planned_out, object_begin_date, object_end_date, culture, period, country, artist_nationality, accession_number, credit_line, is_highlight, title_text) VALUES (1010, 'fetched', 0, 1, NULL, 200, '2026-12-02T06:18:32.988Z', 1, NULL, 1, 'https://images.metmuseum.org/CRDImages/ep/original/DP-1010.jpg', '', '', 'Fragment &lt;unidentified&gt;', 'Textiles', '3rd–4th century', '', 'https://www.metmuseum.org/art/collection/search/1010', 'Medieval Art', '2026-11-02T04:56:11.247Z', 0, NULL, 0, 200, 399, 'Coptic', 'Byzantine', 'Egypt', NULL, '89.18.172', 'Gift of George F. Baker, 1890', NULL, 'Fragment <unidentified>');
INSERT INTO objects (object_id, state, needs_fetch, is_listed, withdrawn_at, http_status, fetched_at, attempts, error, is_public_domain, primary_image, primary_image_small, artist_display_name, title, classification, object_date, medium, object_url, department, metadata_date, is_complete, dedup_key, planned_out, object_begin_date, object_end_date, culture, period, country, artist_nationality, accession_number, credit_line, is_highlight, title_text) VALUES (1011, 'fetched', 0, 1, NULL, 200, '2026-12-02T06:18:32.987Z', 1, NULL, 1, 'https://images.metmuseum.org/CRDImages/ep/original/DP-1011.jpg', '', 'Pieter Bruegel the Elder', '<i>The Harvesters</i> / study', 'Paintings', '1565', NULL, 'https://www.metmuseum.org/art/collection/search/1011', 'European Paintings', '2026-11-02T04:56:11.247Z', 1, 'pieter bruegel the elder<i>the harvesters</i> / study', 0, 1565, 1565, 'Netherlandish', NULL, NULL, 'Netherlandish', '19.164', 'Rogers Fund, 1919', NULL, 'The Harvesters / study');
INSERT INTO objects (object_id, state, needs_fetch, is_listed, withdrawn_at, http_status, fetched_at, attempts, error, is_public_domain, primary_image, primary_image_small, artist_display_name, title, classification, object_date, medium, object_url, department, metadata_date, is_complete, dedup_key, planned_out, object_begin_date, object_end_date, culture, period, country, artist_nationality, accession_number, credit_line, is_highlight, title_text) VALUES (1012, 'fetched', 0, 1, NULL, 200, '2026-12-02T06:18:32.988Z', 1, NULL, 1, 'https://images.metmuseum.org/CRDImages/ep/original/DP-1012.jpg', '', 'Vincent van Gogh', 'Cypresses', 'Paintings', '1889', '', 'https://www.metmuseum.org/art/collection/search/1012', 'European Paintings', '2026-11-02T04:56:11.247Z', 1, 'vincent van goghcypresses', 0, NULL, NULL, NULL, NULL, 'France', NULL, NULL, NULL, 0, 'Cypresses');
INSERT INTO object_reasons (object_id, reason) VALUES (1003, 'missing_primaryImage');
INSERT INTO object_reasons (object_id, reason) VALUES (1003, 'not_public_domain');
INSERT INTO object_reasons (object_id, reason) VALUES (1004, 'missing_classification');
INSERT INTO object_reasons (object_id, reason) VALUES (1004, 'missing_title');
INSERT INTO object_reasons (object_id, reason) VALUES (1010, 'missing_artistDisplayName');
INSERT INTO works (object_id, title, artist_display_name, department, classification, object_date, primary_image, object_url, page, position, title_text, object_begin_date, object_end_date, culture, period, country, medium, artist_nationality, accession_number, credit_line, is_highlight, primary_image_small) VALUES (1001, 'Sword (<i>Wakizashi</i>) &amp; Scabbard', 'Umetada Myōju', 'Arms and Armor', 'Swords', '1615–1868', 'https://images.metmuseum.org/CRDImages/ep/original/DP-1001.jpg', 'https://www.metmuseum.org/art/collection/search/1001', 1, 2, 'Sword (Wakizashi) & Scabbard', 1615, 1868, 'Japanese', 'Edo period (1615–1868)', NULL, 'Steel, wood, lacquer', NULL, '36.120.82', 'Gift of Bashford Dean, 1936', 1, 'https://images.metmuseum.org/CRDImages/ep/web-large/DP-1001.jpg');
INSERT INTO works (object_id, title, artist_display_name, department, classification, object_date, primary_image, object_url, page, position, title_text, object_begin_date, object_end_date, culture, period, country, medium, artist_nationality, accession_number, credit_line, is_highlight, primary_image_small) VALUES (1002, 'Seated Peasant Woman with Goats', 'Jean-François Millet', 'Drawings and Prints', 'Drawings', '1866', 'https://images.metmuseum.org/CRDImages/ep/original/DP-1002.jpg', 'https://www.metmuseum.org/art/collection/search/1002', 1, 5, 'Seated Peasant Woman with Goats', 1866, 1867, 'French', NULL, NULL, 'Black chalk', 'French', '1975.1.622', 'Robert Lehman Collection, 1975', 0, 'https://images.metmuseum.org/CRDImages/ep/web-large/DP-1002.jpg');
INSERT INTO works (object_id, title, artist_display_name, department, classification, object_date, primary_image, object_url, page, position, title_text, object_begin_date, object_end_date, culture, period, country, medium, artist_nationality, accession_number, credit_line, is_highlight, primary_image_small) VALUES (1009, '  Still Life   with	Lemons ', 'Juan de Zurbarán', 'European Paintings', 'Paintings', '1640s', 'https://images.metmuseum.org/CRDImages/ep/original/DP-1009.jpg', 'https://www.metmuseum.org/art/collection/search/1009', 1, 4, 'Still Life with Lemons', 1640, 1649, 'Spanish', NULL, NULL, 'Oil on canvas', NULL, '2019.141', 'Purchase, 2019', 0, '');
INSERT INTO works (object_id, title, artist_display_name, department, classification, object_date, primary_image, object_url, page, position, title_text, object_begin_date, object_end_date, culture, period, country, medium, artist_nationality, accession_number, credit_line, is_highlight, primary_image_small) VALUES (1011, '<i>The Harvesters</i> / study', 'Pieter Bruegel the Elder', 'European Paintings', 'Paintings', '1565', 'https://images.metmuseum.org/CRDImages/ep/original/DP-1011.jpg', 'https://www.metmuseum.org/art/collection/search/1011', 1, 3, 'The Harvesters / study', 1565, 1565, 'Netherlandish', NULL, NULL, NULL, 'Netherlandish', '19.164', 'Rogers Fund, 1919', NULL, '');
INSERT INTO works (object_id, title, artist_display_name, department, classification, object_date, primary_image, object_url, page, position, title_text, object_begin_date, object_end_date, culture, period, country, medium, artist_nationality, accession_number, credit_line, is_highlight, primary_image_small) VALUES (1012, 'Cypresses', 'Vincent van Gogh', 'European Paintings', 'Paintings', '1889', 'https://images.metmuseum.org/CRDImages/ep/original/DP-1012.jpg', 'https://www.metmuseum.org/art/collection/search/1012', 1, 1, 'Cypresses', NULL, NULL, NULL, NULL, 'France', '', NULL, NULL, NULL, 0, '');
INSERT INTO page_lines (page, position, object_id) VALUES (1, 1, 1012);
INSERT INTO page_lines (page, position, object_id) VALUES (1, 2, 1001);
INSERT INTO page_lines (page, position, object_id) VALUES (1, 3, 1011);
INSERT INTO page_lines (page, position, object_id) VALUES (1, 4, 1009);
INSERT INTO page_lines (page, position, object_id) VALUES (1, 5, 1002);
INSERT INTO runs (id, started_at, finished_at, status, mode, listed, queued, requests, fetched, kept, kept_delta, gone, failed, bad_ids, withdrawn, blocks, retries, duration_seconds, achieved_rate, page_lines_changed, error, max_duration_seconds, max_requests) VALUES (1, '2026-12-02T06:18:32.973Z', '2026-12-02T06:18:33.092Z', 'completed', 'full', 11, 11, 12, 10, 6, 6, 1, 0, 0, 0, 0, 0, 0.118971926, 100.8641315935324, 6, NULL, NULL, NULL);
INSERT INTO runs (id, started_at, finished_at, status, mode, listed, queued, requests, fetched, kept, kept_delta, gone, failed, bad_ids, withdrawn, blocks, retries, duration_seconds, achieved_rate, page_lines_changed, error, max_duration_seconds, max_requests) VALUES (2, '2026-12-02T06:18:33.213Z', '2026-12-02T06:18:33.243Z', 'completed', 'incremental', 10, 0, 2, 0, 5, -1, 0, 0, 0, 1, 0, 0, 0.029985343, 66.6992536987154, 1, NULL, NULL, NULL);
INSERT INTO settings (key, value) VALUES ('last_completed_run_day', '2026-12-02');
INSERT INTO settings (key, value) VALUES ('pages_layout', 'pages=30 page-size=100 order=shuffle seed=0 require-image=off bundles=off');
INSERT INTO settings (key, value) VALUES ('source', 'met');
INSERT INTO objects_raw (object_id, raw_json) VALUES (1001, '{"isHighlight": true, "accessionNumber": "36.120.82", "accessionYear": "1917", "isPublicDomain": true, "primaryImage": "https://images.metmuseum.org/CRDImages/ep/original/DP-1001.jpg", "primaryImageSmall": "https://images.metmuseum.org/CRDImages/ep/web-large/DP-1001.jpg", "additionalImages": [], "constituents": null, "department": "Arms and Armor", "objectName": "Painting", "title": "Sword (<i>Wakizashi</i>) &amp; Scabbard", "culture": "Japanese", "period": "Edo period (1615–1868)", "dynasty": "", "reign": "", "portfolio": "", "artistRole": "Artist", "artistPrefix": "", "artistDisplayName": "Umetada Myōju", "artistDisplayBio": "", "artistSuffix": "", "artistAlphaSort": "", "artistNationality": "  ", "artistBeginDate": "", "artistEndDate": "", "artistGender": "", "artistWikidata_URL": "", "artistULAN_URL": "", "objectDate": "1615–1868", "objectBeginDate": 1615, "objectEndDate": 1868.0, "medium": "Steel, wood, lacquer", "dimensions": "", "measurements": null, "creditLine": "Gift of Bashford Dean, 1936", "geographyType": "", "city": "", "state": "", "county": "", "country": "", "region": "", "subregion": "", "locale": "", "locus": "", "excavation": "", "river": "", "classification": "Swords", "rightsAndReproduction": "", "linkResource": "", "metadataDate": "2026-11-02T04:56:11.247Z", "repository": "Metropolitan Museum of Art, New York, NY", "objectURL": "https://www.metmuseum.org/art/collection/search/1001", "tags": null, "objectWikidata_URL": "", "isTimelineWork": false, "GalleryNumber": "", "objectID": 1001}');
INSERT INTO objects_raw (object_id, raw_json) VALUES (1002, '{"isHighlight": false, "accessionNumber": "1975.1.622", "accessionYear": "1917", "isPublicDomain": true, "primaryImage": "https://images.metmuseum.org/CRDImages/ep/original/DP-1002.jpg", "primaryImageSmall": "https://images.metmuseum.org/CRDImages/ep/web-large/DP-1002.jpg", "additionalImages": [], "constituents": null, "department": "Drawings and Prints", "objectName": "Painting", "title": "Seated Peasant Woman with Goats", "culture": "French", "period": "", "dynasty": "", "reign": "", "portfolio": "", "artistRole": "Artist", "artistPrefix": "", "artistDisplayName": "Jean-François Millet", "artistDisplayBio": "", "artistSuffix": "", "artistAlphaSort": "", "artistNationality": "French", "artistBeginDate": "", "artistEndDate": "", "artistGender": "", "artistWikidata_URL": "", "artistULAN_URL": "", "objectDate": "1866", "objectBeginDate": 1866, "objectEndDate": 1867, "medium": "Black chalk", "dimensions": "", "measurements": null, "creditLine": "Robert Lehman Collection, 1975", "geographyType": "", "city": "", "state": "", "county": "", "country": "", "region": "", "subregion": "", "locale": "", "locus": "", "excavation": "", "river": "", "classification": "Drawings", "rightsAndReproduction": "", "linkResource": "", "metadataDate": "2026-11-02T04:56:11.247Z", "repository": "Metropolitan Museum of Art, New York, NY", "objectURL": "https://www.metmuseum.org/art/collection/search/1002", "tags": null, "objectWikidata_URL": "", "isTimelineWork": false, "GalleryNumber": "", "objectID": 1002}');
INSERT INTO objects_raw (object_id, raw_json) VALUES (1003, '{"isHighlight": false, "accessionNumber": "29.100.15", "accessionYear": "1917", "isPublicDomain": false, "primaryImage": "", "primaryImageSmall": "", "additionalImages": [], "constituents": null, "department": "European Paintings", "objectName": "Painting", "title": "Portrait of a Man", "culture": "", "period": "", "dynasty": "", "reign": "", "portfolio": "", "artistRole": "Artist", "artistPrefix": "", "artistDisplayName": "Unknown Painter", "artistDisplayBio": "", "artistSuffix": "", "artistAlphaSort": "", "artistNationality": "", "artistBeginDate": "", "artistEndDate": "", "artistGender": "", "artistWikidata_URL": "", "artistULAN_URL": "", "objectDate": "ca. 1520", "objectBeginDate": 1515, "objectEndDate": 1525, "medium": "", "dimensions": "", "measurements": null, "creditLine": "H. O. Havemeyer Collection, 1929", "geographyType": "", "city": "", "state": "", "county": "", "country": "Netherlands", "region": "", "subregion": "", "locale": "", "locus": "", "excavation": "", "river": "", "classification": "Paintings", "rightsAndReproduction": "", "linkResource": "", "metadataDate": "2026-11-02T04:56:11.247Z", "repository": "Metropolitan Museum of Art, New York, NY", "objectURL": "https://www.metmuseum.org/art/collection/search/1003", "tags": null, "objectWikidata_URL": "", "isTimelineWork": false, "GalleryNumber": "", "objectID": 1003}');
INSERT INTO objects_raw (object_id, raw_json) VALUES (1004, '{"isHighlight": "true", "accessionNumber": "33.120.543", "accessionYear": "1917", "isPublicDomain": true, "primaryImage": "https://images.metmuseum.org/CRDImages/ep/original/DP-1004.jpg", "primaryImageSmall": "", "additionalImages": [], "constituents": null, "department": "The American Wing", "objectName": "Painting", "title": "", "culture": " ", "period": "", "dynasty": "", "reign": "", "portfolio": "", "artistRole": "Artist", "artistPrefix": "", "artistDisplayName": "Workshop of Paul Revere", "artistDisplayBio": "", "artistSuffix": "", "artistAlphaSort": "", "artistNationality": "", "artistBeginDate": "", "artistEndDate": "", "artistGender": "", "artistWikidata_URL": "", "artistULAN_URL": "", "objectDate": "1850", "objectBeginDate": "1850", "objectEndDate": null, "medium": "", "dimensions": "", "measurements": null, "creditLine": "Bequest of A. T. Clearwater, 1933", "geographyType": "", "city": "", "state": "", "county": "", "country": "", "region": "", "subregion": "", "locale": "", "locus": "", "excavation": "", "river": "", "classification": "", "rightsAndReproduction": "", "linkResource": "", "metadataDate": "2026-11-02T04:56:11.247Z", "repository": "Metropolitan Museum of Art, New York, NY", "objectURL": "https://www.metmuseum.org/art/collection/search/1004", "tags": null, "objectWikidata_URL": "", "isTimelineWork": false, "GalleryNumber": "", "objectID": 1004}');
INSERT INTO objects_raw (object_id, raw_json) VALUES (1005, '{"isHighlight": false, "accessionNumber": "1975.1.623", "accessionYear": "1917", "isPublicDomain": true, "primaryImage": "https://images.metmuseum.org/CRDImages/ep/original/DP-1005.jpg", "primaryImageSmall": "https://images.metmuseum.org/CRDImages/ep/web-large/DP-1005.jpg", "additionalImages": [], "constituents": null, "department": "Drawings and Prints", "objectName": "Painting", "title": "Seated  peasant woman with goats", "culture": "French", "period": "", "dynasty": "", "reign": "", "portfolio": "", "artistRole": "Artist", "artistPrefix": "", "artistDisplayName": "Jean-François  Millet", "artistDisplayBio": "", "artistSuffix": "", "artistAlphaSort": "", "artistNationality": "", "artistBeginDate": "", "artistEndDate": "", "artistGender": "", "artistWikidata_URL": "", "artistULAN_URL": "", "objectDate": "1866", "objectBeginDate": 1866, "objectEndDate": 1866, "medium": "", "dimensions": "", "measurements": null, "creditLine": "Robert Lehman Collection, 1975", "geographyType": "", "city": "", "state": "", "county": "", "country": "", "region": "", "subregion": "", "locale": "", "locus": "", "excavation": "", "river": "", "classification": "Drawings", "rightsAndReproduction": "", "linkResource": "", "metadataDate": "2026-11-02T04:56:11.247Z", "repository": "Metropolitan Museum of Art, New York, NY", "objectURL": "https://www.metmuseum.org/art/collection/search/1005", "tags": null, "objectWikidata_URL": "", "isTimelineWork": false, "GalleryNumber": "", "objectID": 1005}');
INSERT INTO objects_raw (object_id, raw_json) VALUES (1007, '{"isHighlight": true, "accessionNumber": "29.100.6", "accessionYear": "1917", "isPublicDomain": true, "primaryImage": "https://images.metmuseum.org/CRDImages/ep/original/DP-1007.jpg", "primaryImageSmall": "https://images.metmuseum.org/CRDImages/ep/web-large/DP-1007.jpg", "additionalImages": [], "constituents": null, "department": "European Paintings", "objectName": "Painting", "title": "View of Toledo", "culture": "Spanish", "period": "", "dynasty": "", "reign": "", "portfolio": "", "artistRole": "Artist", "artistPrefix": "", "artistDisplayName": "El Greco (Domenikos Theotokopoulos)", "artistDisplayBio": "", "artistSuffix": "", "artistAlphaSort": "", "artistNationality": "Greek", "artistBeginDate": "", "artistEndDate": "", "artistGender": "", "artistWikidata_URL": "", "artistULAN_URL": "", "objectDate": "ca. 1599–1600", "objectBeginDate": 1599, "objectEndDate": 1600, "medium": "Oil on canvas", "dimensions": "", "measurements": null, "creditLine": "H. O. Havemeyer Collection, 1929", "geographyType": "", "city": "", "state": "", "county": "", "country": "", "region": "", "subregion": "", "locale": "", "locus": "", "excavation": "", "river": "", "classification": "Paintings", "rightsAndReproduction": "", "linkResource": "", "metadataDate": "2026-11-02T04:56:11.247Z", "repository": "Metropolitan Museum of Art, New York, NY", "objectURL": "https://www.metmuseum.org/art/collection/search/1007", "tags": null, "objectWikidata_URL": "", "isTimelineWork": false, "GalleryNumber": "", "objectID": 1007}');
INSERT INTO objects_raw (object_id, raw_json) VALUES (1009, '{"isHighlight": false, "accessionNumber": "2019.141", "accessionYear": "1917", "isPublicDomain": true, "primaryImage": "https://images.metmuseum.org/CRDImages/ep/original/DP-1009.jpg", "primaryImageSmall": "", "additionalImages": [], "constituents": null, "department": "European Paintings", "objectName": "Painting", "title": "  Still Life   with\tLemons ", "culture": "Spanish", "period": "", "dynasty": "", "reign": "", "portfolio": "", "artistRole": "Artist", "artistPrefix": "", "artistDisplayName": "Juan de Zurbarán", "artistDisplayBio": "", "artistSuffix": "", "artistAlphaSort": "", "artistNationality": "", "artistBeginDate": "", "artistEndDate": "", "artistGender": "", "artistWikidata_URL": "", "artistULAN_URL": "", "objectDate": "1640s", "objectBeginDate": 1640, "objectEndDate": 1649, "medium": "Oil on canvas", "dimensions": "", "measurements": null, "creditLine": "Purchase, 2019", "geographyType": "", "city": "", "state": "", "county": "", "country": "", "region": "", "subregion": "", "locale": "", "locus": "", "excavation": "", "river": "", "classification": "Paintings", "rightsAndReproduction": "", "linkResource": "", "metadataDate": "2026-11-02T04:56:11.247Z", "repository": "Metropolitan Museum of Art, New York, NY", "objectURL": "https://www.metmuseum.org/art/collection/search/1009", "tags": null, "objectWikidata_URL": "", "isTimelineWork": false, "GalleryNumber": "", "objectID": 1009}');
INSERT INTO objects_raw (object_id, raw_json) VALUES (1010, '{"isHighlight": null, "accessionNumber": "89.18.172", "accessionYear": "1917", "isPublicDomain": true, "primaryImage": "https://images.metmuseum.org/CRDImages/ep/original/DP-1010.jpg", "primaryImageSmall": "", "additionalImages": [], "constituents": null, "department": "Medieval Art", "objectName": "Painting", "title": "Fragment &lt;unidentified&gt;", "culture": "Coptic", "period": "Byzantine", "dynasty": "", "reign": "", "portfolio": "", "artistRole": "Artist", "artistPrefix": "", "artistDisplayName": "", "artistDisplayBio": "", "artistSuffix": "", "artistAlphaSort": "", "artistNationality": "", "artistBeginDate": "", "artistEndDate": "", "artistGender": "", "artistWikidata_URL": "", "artistULAN_URL": "", "objectDate": "3rd–4th century", "objectBeginDate": 200, "objectEndDate": 399, "medium": "", "dimensions": "", "measurements": null, "creditLine": "Gift of George F. Baker, 1890", "geographyType": "", "city": "", "state": "", "county": "", "country": "Egypt", "region": "", "subregion": "", "locale": "", "locus": "", "excavation": "", "river": "", "classification": "Textiles", "rightsAndReproduction": "", "linkResource": "", "metadataDate": "2026-11-02T04:56:11.247Z", "repository": "Metropolitan Museum of Art, New York, NY", "objectURL": "https://www.metmuseum.org/art/collection/search/1010", "tags": null, "objectWikidata_URL": "", "isTimelineWork": false, "GalleryNumber": "", "objectID": 1010}');
INSERT INTO objects_raw (object_id, raw_json) VALUES (1011, '{"objectID": 1011, "isPublicDomain": true, "primaryImage": "https://images.metmuseum.org/CRDImages/ep/original/DP-1011.jpg", "primaryImageSmall": "", "title": "\u003ci\u003eThe Harvesters\u003c/i\u003e \/ study", "artistDisplayName": "Pieter Bruegel the Elder", "classification": "Paintings", "objectDate": "1565", "objectBeginDate": 1.565e3, "objectEndDate": 1565.0, "culture": "Netherlandish", "culture": "Flemish", "period": null, "country": "\u2003", "artistNationality": "Netherlandish", "accessionNumber": "19.164", "creditLine": "Rogers Fund, 1919", "isHighlight": 1, "department": "European Paintings", "objectURL": "https://www.metmuseum.org/art/collection/search/1011", "metadataDate": "2026-11-02T04:56:11.247Z"}');
INSERT INTO objects_raw (object_id, raw_json) VALUES (1012, '{"isHighlight": false, "accessionNumber": 42, "accessionYear": "1917", "isPublicDomain": true, "primaryImage": "https://images.metmuseum.org/CRDImages/ep/original/DP-1012.jpg", "primaryImageSmall": "", "additionalImages": [], "constituents": null, "department": "European Paintings", "objectName": "Painting", "title": "Cypresses", "culture": null, "period": "   ", "dynasty": "", "reign": "", "portfolio": "", "artistRole": "Artist", "artistPrefix": "", "artistDisplayName": "Vincent van Gogh", "artistDisplayBio": "", "artistSuffix": "", "artistAlphaSort": "", "artistNationality": "", "artistBeginDate": "", "artistEndDate": "", "artistGender": "", "artistWikidata_URL": "", "artistULAN_URL": "", "objectDate": "1889", "objectBeginDate": 99999999999999999999, "objectEndDate": 12.5, "medium": "", "dimensions": "", "measurements": null, "creditLine": "", "geographyType": "", "city": "", "state": "", "county": "", "country": "France", "region": "", "subregion": "", "locale": "", "locus": "", "excavation": "", "river": "", "classification": "Paintings", "rightsAndReproduction": "", "linkResource": "", "metadataDate": "2026-11-02T04:56:11.247Z", "repository": "Metropolitan Museum of Art, New York, NY", "objectURL": "https://www.metmuseum.org/art/collection/search/1012", "tags": null, "objectWikidata_URL": "", "isTimelineWork": false, "GalleryNumber": "", "objectID": 1012}');
INSERT INTO run_minutes (kind, run_started_at, run_id, minute, started_at, seconds, requests, ok, gone, failed, retries, refusals, noise, blocks, bytes, rate_in_force, rate_achieved, ceiling, objects, complete) VALUES ('crawl', '2026-12-02T06:18:32.973Z', 1, 0, '2026-12-02T06:18:32.973Z', 0.018414318, 12, 10, 1, 0, 0, 0, 0, 0, 13782, NULL, 651.6668170930903, NULL, 11, 7);
INSERT INTO run_minutes (kind, run_started_at, run_id, minute, started_at, seconds, requests, ok, gone, failed, retries, refusals, noise, blocks, bytes, rate_in_force, rate_achieved, ceiling, objects, complete) VALUES ('crawl', '2026-12-02T06:18:33.213Z', 2, 0, '2026-12-02T06:18:33.213Z', 0.021794915, 2, 0, 0, 0, 0, 0, 0, 0, 0, NULL, 91.76452397267894, NULL, 0, 0);
PRAGMA application_id = 1296389196;
PRAGMA user_version = 5;
COMMIT;
