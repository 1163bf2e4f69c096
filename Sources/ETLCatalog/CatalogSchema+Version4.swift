import ETLCore
import ETLPictures
import FetchEngine
import Store

/// Version 4: telemetry. One `run_minutes` row per minute of each crawl and
/// image run, and each crawl's budgets on its `runs` row, so `etl report`
/// can show the rate over time and block episodes after the fact.
///
/// Rows are kept: ~100 bytes each, a year of nightly 6-hour runs (~130k
/// rows) is ~13 MB.
extension CatalogSchema {
    package static let version4SQL = """
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
        ALTER TABLE runs ADD COLUMN max_duration_seconds REAL;
        ALTER TABLE runs ADD COLUMN max_requests INTEGER;
        """
}
