import ETLCore
import ETLPictures
import FetchEngine
import Store

/// Version 5: pacing memory. One `pacing_memory` row per host that
/// `--rate auto` paced (the API's host for crawls, each picture host for
/// `etl images`): what it learnt, so the next run against the host starts
/// near the limit instead of slow-starting into a block. Written at the end
/// of each run and at each confirmed block; read when fresh (a week, see
/// `PacingMemory.maxAge`).
extension CatalogSchema {
    package static let version5SQL = """
        CREATE TABLE pacing_memory (
            host               TEXT PRIMARY KEY,
            ceiling            REAL CHECK (ceiling IS NULL OR ceiling > 0),
            clean_rate         REAL CHECK (clean_rate IS NULL OR clean_rate > 0),
            last_block_at      TEXT,
            last_block_seconds REAL,
            updated_at         TEXT NOT NULL
        ) WITHOUT ROWID;
        """
}
