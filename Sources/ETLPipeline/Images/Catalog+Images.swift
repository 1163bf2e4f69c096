import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

extension Catalog {
    /// The `settings` key of the image folder of the last `etl images` run.
    package static let imageDirectoryKey = "images_dir"
    /// The `settings` key of the ``PictureMaker/thumbnailRevision`` the
    /// catalog's thumbnails were made at (absent: before revision 1).
    package static let thumbnailRevisionKey = "thumbnail_revision"

    /// A kept work with its image URL and what the catalog knows of its picture.
    package struct ImageCandidate: Sendable {
        package var objectID: Int
        package var url: String?
        package var state: ImageState?
        package var failure: ImageFailure?
        package var cachedURL: String?
        package var file: String?
        package var bytes: Int?
        /// The thumbnail recorded for the picture, and its size.
        package var thumbFile: String?
        package var thumbWidth: Int?
        package var thumbHeight: Int?
        package var width: Int?
        package var height: Int?
    }

    /// Every kept work, by ascending ID, with its `images` row if any.
    package func imageCandidates() throws -> [ImageCandidate] {
        try database.fetchAll(sql: """
            SELECT w.object_id, \(Self.imageURLExpression) AS url,
                   i.state, i.failure, i.url AS cached_url, i.file, i.bytes,
                   i.thumb_file, i.thumb_width, i.thumb_height, i.width, i.height
              FROM works w LEFT JOIN images i USING (object_id)
             ORDER BY w.object_id
            """
        ).map { row in
            ImageCandidate(
                objectID: try row.integer(named: "object_id") ?? 0, url: try row.text(named: "url"), state: try row.text(named: "state").flatMap(ImageState.init(rawValue:)),
                failure: try row.text(named: "failure").flatMap(ImageFailure.init(rawValue:)),
                cachedURL: try row.text(named: "cached_url"), file: try row.text(named: "file"), bytes: try row.integer(named: "bytes"),
                thumbFile: try row.text(named: "thumb_file"), thumbWidth: try row.integer(named: "thumb_width"),
                thumbHeight: try row.integer(named: "thumb_height"), width: try row.integer(named: "width"),
                height: try row.integer(named: "height"))
        }
    }

    /// The file names of every good `images` row: the pictures to keep.
    package func imageFiles() throws -> Set<String> {
        var files: Set<String> = []
        for row in try database.fetchAll(sql: "SELECT file FROM images WHERE state = \(ImageState.ok.sql) AND file IS NOT NULL") {
            if let file = try row.text(named: "file") { files.insert(file) }
        }
        return files
    }

    /// Kept works whose picture is verified: a good row for the work's
    /// current URL, and the file in `directory` with the recorded size.
    package func verifiedImageIDs(directory: ImageDirectory) throws -> Set<Int> {
        var ids: Set<Int> = []
        let rows = try database.fetchAll(sql: """
            SELECT w.object_id, i.file, i.bytes
              FROM works w JOIN images i USING (object_id)
             WHERE i.state = \(ImageState.ok.sql) AND i.url = \(Self.imageURLExpression)
            """)
        for row in rows {
            guard let id = try row.integer(named: "object_id"), let file = try row.text(named: "file"), let bytes = try row.integer(named: "bytes") else { continue }
            if directory.size(of: file) == bytes { ids.insert(id) }
        }
        return ids
    }

    /// Stores a batch of image results in one transaction, with each saved
    /// picture's pixel size read from its header.
    package func recordImages(_ results: [ImageResult]) throws {
        guard !results.isEmpty else { return }
        let directory = try setting(Self.imageDirectoryKey).map { ImageDirectory(path: $0) }
        try database.transaction {
            let upsert = try database.makeStatement(sql: """
                INSERT INTO images (object_id, url, state, file, bytes, sha256, content_type, http_status,
                                    fetched_at, attempts, failure, error, width, height,
                                    \(Self.factColumns.joined(separator: ", ")))
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, \(Self.factColumns.map { _ in "?" }.joined(separator: ", ")))
                ON CONFLICT (object_id) DO UPDATE SET
                    url = excluded.url, state = excluded.state, file = excluded.file, bytes = excluded.bytes,
                    sha256 = excluded.sha256, content_type = excluded.content_type,
                    http_status = excluded.http_status, fetched_at = excluded.fetched_at,
                    attempts = excluded.attempts, failure = excluded.failure, error = excluded.error,
                    width = excluded.width, height = excluded.height,
                    \(Self.factColumns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
                """)
            for result in results {
                var file: ImageFile?
                var failure: ImageFailure?
                var reason: String?
                switch result.outcome {
                case .saved(let saved): file = saved
                case .failed(let kind, let text): (failure, reason) = (kind, text)
                }
                if var saved = file, saved.width == nil, let directory {
                    let size = ImageHeader.read(directory.filePath(saved.name)).flatMap(saved.kind.dimensions(of:))
                    (saved.width, saved.height) = (size?.width, size?.height)
                    file = saved
                }
                try upsert.execute(arguments: [
                    .integer(Int64(result.objectID)), .text(result.url), .text((file == nil ? ImageState.failed : .ok).rawValue),
                    .text(file?.name), .int(file?.bytes), .text(file?.sha256), .text(result.contentType),
                    .int(result.httpStatus), .text(Timestamp.string(from: result.fetchedAt)),
                    .integer(Int64(result.attempts)), .text(failure?.rawValue), .text(reason),
                    .int(file?.width), .int(file?.height),
                ] + Self.factValues(file?.facts))
            }
        }
    }

    /// Image coverage for `etl status`, from the catalog alone.
    package func imageCoverage() throws -> ImageCoverage {
        var coverage = ImageCoverage()
        let current = "i.url = \(Self.imageURLExpression)"
        let counts = try database.fetchOne(sql: """
            SELECT count(*) AS kept, coalesce(sum(w.page IS NOT NULL), 0) AS paged,
                   coalesce(sum(i.state = \(ImageState.ok.sql) AND \(current)), 0) AS kept_verified,
                   coalesce(sum(w.page IS NOT NULL AND i.state = \(ImageState.ok.sql) AND \(current)), 0) AS paged_verified,
                   coalesce(sum(i.state = \(ImageState.failed.sql) AND \(current)), 0) AS failed
              FROM works w LEFT JOIN images i USING (object_id)
            """)
        coverage.kept = try counts?.integer(named: "kept") ?? 0
        coverage.paged = try counts?.integer(named: "paged") ?? 0
        coverage.keptVerified = try counts?.integer(named: "kept_verified") ?? 0
        coverage.pagedVerified = try counts?.integer(named: "paged_verified") ?? 0
        coverage.failed = try counts?.integer(named: "failed") ?? 0
        for row in try database.fetchAll(sql: """
            SELECT i.failure, count(*) AS n
              FROM works w JOIN images i USING (object_id)
             WHERE i.state = \(ImageState.failed.sql) AND \(current) GROUP BY i.failure
            """) {
            coverage.failures[try row.text(named: "failure") ?? "unknown"] = try row.integer(named: "n") ?? 0
        }
        let files = try database.fetchOne(sql: """
            SELECT count(*) AS files, coalesce(sum(bytes), 0) AS bytes FROM images WHERE state = \(ImageState.ok.sql)
            """)
        coverage.files = try files?.integer(named: "files") ?? 0
        coverage.bytes = try files?.integer(named: "bytes") ?? 0
        coverage.directory = try setting(Self.imageDirectoryKey)
        return coverage
    }
}
