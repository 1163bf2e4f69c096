import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

extension Catalog {
    /// The `images` columns of ``PictureFacts``, in ``factValues(_:)`` order.
    package static let factColumns = [
        "thumb_file", "thumb_width", "thumb_height", "placeholder", "color", "phash",
        "phash_0", "phash_1", "phash_2", "phash_3",
    ]

    package static func factValues(_ facts: PictureFacts?) -> [DatabaseValue] {
        guard let facts else { return factColumns.map { _ in .null } }
        let quarters = facts.phashQuarters
        return [
            .text(facts.thumbFile), .int(facts.thumbWidth), .int(facts.thumbHeight), .text(facts.placeholder),
            .text(facts.color), .text(facts.phash),
        ] + (0..<4).map { .int(quarters.count == 4 ? quarters[$0] : nil) }
    }

    /// The thumbnails of every good row, as names inside the thumbnail
    /// folder: the ones to keep.
    package func thumbFiles() throws -> Set<String> {
        var names: Set<String> = []
        let prefix = PictureFacts.thumbFolder + "/"
        for row in try database.fetchAll(sql: "SELECT thumb_file FROM images WHERE state = \(ImageState.ok.sql) AND thumb_file IS NOT NULL") {
            if let file = try row.text(named: "thumb_file"), file.hasPrefix(prefix) { names.insert(String(file.dropFirst(prefix.count))) }
        }
        return names
    }

    /// What a cached picture decoded again gave: its facts, or the reason it
    /// is no longer a verified picture (the row turns `failed`; its file
    /// is deleted by the caller after this commits).
    package enum Refreshed: Sendable {
        case facts(objectID: Int, width: Int, height: Int, PictureFacts)
        case failed(objectID: Int, ImageFailure, reason: String)
    }

    /// Stores decoded facts of pictures already on disk, keeping what the
    /// download recorded (URL, status, time, attempts).
    package func recordRefreshed(_ results: [Refreshed]) throws {
        guard !results.isEmpty else { return }
        try database.transaction {
            let assignments = Self.factColumns.map { "\($0) = ?" }.joined(separator: ", ")
            let facts = try database.makeStatement(sql: """
                UPDATE images SET width = ?, height = ?, \(assignments) WHERE object_id = ? AND state = \(ImageState.ok.sql)
                """)
            let failed = try database.makeStatement(sql: """
                UPDATE images SET state = \(ImageState.failed.sql), file = NULL, bytes = NULL, sha256 = NULL, failure = ?, error = ?,
                                  width = NULL, height = NULL, \(assignments)
                 WHERE object_id = ?
                """)
            for result in results {
                switch result {
                case .facts(let id, let width, let height, let picture):
                    try facts.execute(arguments: [.int(width), .int(height)] + Self.factValues(picture) + [.int(id)])
                case .failed(let id, let failure, let reason):
                    try failed.execute(arguments: [.text(failure.rawValue), .text(reason)] + Self.factValues(nil) + [.int(id)])
                }
            }
        }
    }
}
