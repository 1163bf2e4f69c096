import ETLCore
import ETLPictures
import FetchEngine
import Store

/// What every table and column of the catalog holds: the one text from
/// which `metadata.json` (for Datasette) and `docs/catalog.md` are written.
package enum CatalogDescription {
    package struct Table: Sendable {
        package var name: String
        package var description: String
        package var columns: [(name: String, description: String)]
        /// Internal bookkeeping Datasette need not list.
        package var isHidden = false
        /// Facets every catalog offers; the source adds its own
        /// (``DescribedSource/facets``).
        package var facets: [String] = []

        /// A table of the catalog's own, or a source's (described by the source kit).
        package init(
            name: String, description: String, columns: [(name: String, description: String)], isHidden: Bool = false,
            facets: [String] = []
        ) {
            self.name = name
            self.description = description
            self.columns = columns
            self.isHidden = isHidden
            self.facets = facets
        }
    }

    package struct Query: Sendable {
        package var name: String
        package var title: String
        package var sql: String
    }

    /// Columns shared by `objects` and `works`, described once, in no one
    /// source's words (each catalog's `metadata.json` adds its source's field).
    package static let recordColumns: [(name: String, description: String)] = SharedColumn.workColumns.map { ($0.rawValue, $0.summary) }

    /// The ID column every table keys items by.
    static let objectID = (name: "object_id", description: SharedColumn.objectID.summary)

    package static func record(_ names: String...) -> [(name: String, description: String)] {
        names.map { name in recordColumns.first { $0.name == name } ?? (name, "") }
    }

    /// Every table and view, the rejection views listing `reasons`.
    package static func tables(reasons: ReasonVocabulary) -> [Table] { [
        Table(
            name: "works",
            // Each source says what its kept set is (``SourceAttribution/worksDescription``).
            description: "The kept set: complete, listed items, the smallest ID of each duplicate group.",
            columns: [objectID] + recordColumns + [
                ("page", "The page file (1…N) the work is on; NULL when not paged"),
                ("position", "The line in that page file, from 1"),
            ]),
        Table(
            name: "objects",
            description: "One row per object ever listed, with what fetching it gave. Bodies are in objects_raw.",
            columns: [
                objectID,
                ("state", "pending, fetched, gone (404), failed (retried next run) or bad_id (400)"),
                ("needs_fetch", "1 when the next run fetches it"),
                ("is_listed", "0 once the API's listing no longer has the ID"),
                ("withdrawn_at", "When the ID left the listing"),
                ("http_status", "Status of the last answer"),
                ("fetched_at", "When it was last fetched (UTC)"),
                ("attempts", "Requests made for it, over all runs"),
                ("error", "Why the last fetch failed"),
                (SharedColumn.isPublicDomain.rawValue, SharedColumn.isPublicDomain.summary),
            ] + record("primary_image", "primary_image_small", "artist_display_name", "title", "title_text",
                       "classification", "object_date", "object_begin_date", "object_end_date", "culture",
                       "period", "country", "medium", "artist_nationality", "accession_number", "credit_line",
                       "is_highlight", "object_url", "department", "rights", "rights_url", "primary_image_width",
                       "primary_image_height") + [
                (SharedColumn.metadataDate.rawValue, SharedColumn.metadataDate.summary),
                ("is_complete", "1 when the record passes every filter rule"),
                ("dedup_key", "Normalized artist and title; complete objects sharing it are duplicates"),
                ("planned_out", "1 when `etl plan` showed from the source's bulk file that it cannot pass, so it was not fetched"),
            ],
            facets: ["state"]),
        Table(
            name: "objects_raw",
            description: "The last 200 body of each fetched object, exactly as received; json_extract reaches any field.",
            columns: [objectID, ("raw_json", "The JSON body")]),
        Table(
            name: "object_reasons",
            description: "The filter's and the CSV plan's reasons, one row per object and reason.",
            columns: [objectID, ("reason", "A reason identifier (see rejections)")]),
        Table(
            name: "rejections",
            description: "View: why each object is not a work, one row per object and reason. Reasons: "
                + reasons.entries.map { "`\($0.reason.rawValue)` (\($0.summary))" }.joined(separator: ", ") + ".",
            columns: [objectID, ("reason", "A reason identifier")],
            facets: ["reason"]),
        Table(
            name: "rejected_objects",
            description: "View: one row per object that is not a work.",
            columns: [
                objectID,
                ("first_reason", "The most fundamental reason, in the order listed for rejections"),
                ("reasons", "All its reasons, space-separated, in that order"),
                ("reason_count", "How many reasons"),
            ],
            facets: ["first_reason"]),
        Table(
            name: "images",
            description: "One row per work whose picture etl images tried.",
            columns: [
                objectID, ("url", "The URL fetched"), ("state", "ok or failed"),
                ("file", "The file, relative to the images folder"), ("bytes", "File size"),
                ("sha256", "SHA-256 of the file, lowercase hex"), ("content_type", "The Content-Type answered"),
                ("http_status", "Status of the last answer"), ("fetched_at", "When (UTC)"),
                ("attempts", "Requests made"), ("failure", ImageFailure.allCases.map(\.rawValue).joined(separator: ", ")),
                ("error", "What went wrong"),
                ("width", "Picture width in pixels as shown (EXIF orientation applied), from the decoder"),
                ("height", "Picture height in pixels as shown, from the decoder"),
                ("thumb_file", "The thumbnail, relative to the images folder (thumbs/<id>.webp or .jpg)"),
                ("thumb_width", "Thumbnail width in pixels"), ("thumb_height", "Thumbnail height in pixels"),
                ("placeholder", "ThumbHash of the picture, base64"),
                ("color", "Average colour, #rrggbb (sRGB)"),
                ("phash", "Difference hash of a 9x8 grey copy, 16 hex digits"),
                ("phash_0", "Bits 63-48 of phash, for finding near copies"), ("phash_1", "Bits 47-32 of phash"),
                ("phash_2", "Bits 31-16 of phash"), ("phash_3", "Bits 15-0 of phash"),
            ],
            facets: ["state", "failure"]),
        Table(
            name: "runs",
            description: "One row per crawl.",
            columns: [
                ("id", "Run number"), ("started_at", "UTC"), ("finished_at", "UTC"),
                ("status", "running, completed, budget_reached, interrupted, failed or killed"),
                ("mode", "full, incremental or ids"), ("listed", "IDs listed"), ("queued", "IDs queued"),
                ("requests", "Requests made"), ("fetched", "Objects fetched"), ("kept", "Works kept at the end"),
                ("kept_delta", "Change in kept works"), ("gone", "New 404s"), ("failed", "Objects that failed"),
                ("bad_ids", "New 400s"), ("withdrawn", "IDs that left the listing"), ("blocks", "Blocks met"),
                ("retries", "Retries"), ("duration_seconds", "Wall time"), ("achieved_rate", "Requests per second"),
                ("page_lines_changed", "Page-file lines that changed"), ("error", "Why it failed"),
                ("max_duration_seconds", "The run's --max-duration budget; NULL when none"),
                ("max_requests", "The run's --max-requests budget; NULL when none"),
            ]),
        Table(
            name: "run_minutes",
            description: "One row per minute of each crawl and image run (telemetry for etl report); kept for good, ~100 bytes a row.",
            columns: [
                ("kind", "crawl or images"), ("run_started_at", "UTC start of the run; with kind, names the run"),
                ("run_id", "The crawl's runs.id; NULL for an image run"), ("minute", "0, 1, 2 … from the run's start"),
                ("started_at", "UTC start of the minute"),
                ("seconds", "Span covered: ~60; the last row is shorter, the first longer when listing took over a minute"),
                ("requests", "Requests granted, probes and the listing included"),
                ("ok", "Answers recorded as data: fetched records, saved pictures"), ("gone", "404 and 400 outcomes"),
                ("failed", "Items that failed for good"), ("retries", "Retries"),
                ("refusals", "Refused answers (403, 429, HTML instead of data)"),
                ("noise", "Refusals a probe dismissed"), ("blocks", "Blocks confirmed"),
                ("bytes", "Body bytes received"),
                ("rate_in_force", "Requests per second allowed at the end of the minute; NULL when unlimited"),
                ("rate_achieved", "requests / seconds"), ("ceiling", "The ceiling --rate auto learnt, if any"),
                ("objects", "Items whose outcome was committed"),
                ("complete", "Fetched records that passed every filter rule (works to be, before duplicates)"),
            ],
            facets: ["kind"]),
        Table(
            name: "pacing_memory",
            description: "What --rate auto learnt per host, so the next run starts near the limit (used when under 7 days old).",
            columns: [
                ("host", "The API's or a picture host, with :port when one was given"),
                ("ceiling", "Requests per second in force at the last confirmed block, while it is the best upper bound"),
                ("clean_rate", "The highest rate proven clean: passed by a slow start, counted from the answers a block let through, or held 60 s with no block"),
                ("clean_source", "How clean_rate was learnt: ramp (passed by a slow start: a floor the next run grows from; or counted at a block from the answers let through), block (held under the ceiling a block set), long_run (held 15 cooldowns: 15 minutes at the default --cooldown 60)"),
                ("search_depth", "The deepest result the host's search served (a listing read by search), so the next run asks no deeper"),
                ("last_block_at", "UTC time of the last confirmed block"),
                ("last_block_seconds", "How long that block's cooldown lasted"),
                ("updated_at", "UTC time this row was written"),
            ]),
        Table(
            name: "page_lines",
            description: "The page files as last written, line by line.",
            columns: [("page", "Page number"), ("position", "Line, from 1"), ("object_id", "The ID on that line")],
            isHidden: true),
        Table(
            name: "settings",
            description: "etl's own state: the incremental cursor, the page layout, the images folder.",
            columns: [("key", "Setting name"), ("value", "Its value")],
            isHidden: true),
        Table(
            name: "works_fts",
            description: "Full-text index (FTS5, porter stemming) over works.title_text and works.artist_display_name.",
            columns: [], isHidden: true),
    ] }

    /// The README's questions, and works per century.
    package static let queries: [Query] = [
        Query(name: "why_dropped", title: "Why were objects dropped? (one row per object, by first reason)",
              sql: "SELECT first_reason, count(*) AS objects FROM rejected_objects GROUP BY first_reason ORDER BY 2 DESC"),
        Query(name: "search_works", title: "Kept works whose title or artist matches a full-text query",
              sql: "SELECT w.object_id, w.title_text, w.artist_display_name FROM works_fts JOIN works w ON w.object_id = works_fts.rowid WHERE works_fts MATCH :query LIMIT 10"),
        Query(name: "works_per_department", title: "Kept works per department",
              sql: "SELECT department, count(*) AS works FROM works GROUP BY department ORDER BY 2 DESC"),
        Query(name: "page", title: "What is on a page, in order",
              sql: "SELECT position, object_id, title_text FROM works WHERE page = :page ORDER BY position"),
        Query(name: "last_runs", title: "The last five runs",
              sql: "SELECT id, started_at, status, requests, blocks, kept_delta, round(achieved_rate, 2) AS rate FROM runs ORDER BY id DESC LIMIT 5"),
        Query(name: "works_per_century", title: "Kept works per century (negative: BCE)",
              sql: "SELECT \(Catalog.centurySQL) AS century, count(*) AS works FROM works WHERE object_begin_date IS NOT NULL GROUP BY century ORDER BY century"),
    ]
}
