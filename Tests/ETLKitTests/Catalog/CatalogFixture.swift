import Foundation
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import ETLReport
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource
import Store
import FetchEngine

/// Catalogs in temporary folders and fetch results to record in them.
enum CatalogFixture {
    static let date = Date(timeIntervalSince1970: 1_780_000_000)

    /// An empty catalog at `version`: the (frozen) migration steps up to
    /// that version applied to an empty file, stamped with its
    /// `user_version`. Catalogs that etl itself wrote at each earlier
    /// version, with rows, are ``shipped(version:path:)``.
    static func database(atVersion version: Int, path: String) throws -> Database {
        let database = try Database(path: path)
        try database.execute(sql: "PRAGMA page_size = \(CatalogSchema.pageSize)")
        for step in 0..<version { try CatalogSchema.migrate(database, from: step) }
        try database.execute(sql: "PRAGMA application_id = \(CatalogSchema.applicationID); PRAGMA user_version = \(version)")
        return database
    }

    static func open(_ directory: TemporaryDirectory, name: String = "catalog.sqlite") throws -> Catalog {
        try Catalog.open(path: directory.path(name))
    }

    /// An API body for `id`, complete unless `overrides` say otherwise.
    static func body(_ id: Int, artist: String? = nil, title: String? = nil, _ overrides: [String: JSONField] = [:]) -> [UInt8] {
        var fields = overrides
        fields["objectID"] = fields["objectID"] ?? .number(String(id))
        fields["artistDisplayName"] = fields["artistDisplayName"] ?? .string(artist ?? "Artist \(id)")
        fields["title"] = fields["title"] ?? .string(title ?? "Title \(id)")
        return FilterFixture.body(fields)
    }

    static func fetched(_ id: Int, artist: String? = nil, title: String? = nil, _ overrides: [String: JSONField] = [:],
                        attempts: Int = 1) -> MetResult {
        fetched(id, body: body(id, artist: artist, title: title, overrides), attempts: attempts)
    }

    static func fetched(_ id: Int, body: [UInt8], attempts: Int = 1) -> MetResult {
        let object = MetObject.decode(body: body) ?? MetObject()
        return MetResult(objectID: id, outcome: .fetched(body: body, object: object), httpStatus: 200,
                           fetchedAt: date, attempts: attempts)
    }

    static func gone(_ id: Int, message: String = "ObjectID not found") -> MetResult {
        MetResult(objectID: id, outcome: .gone(message: message), httpStatus: 404, fetchedAt: date, attempts: 1)
    }

    static func badID(_ id: Int) -> MetResult {
        MetResult(objectID: id, outcome: .badID(message: "could not parse objectID"), httpStatus: 400,
                    fetchedAt: date, attempts: 1)
    }

    static func failed(_ id: Int, reason: String = "HTTP 503 (after 5 attempts)", attempts: Int = 5) -> MetResult {
        MetResult(objectID: id, outcome: .failed(reason: reason), httpStatus: 503, fetchedAt: date, attempts: attempts)
    }
}

extension Catalog {
    /// One `objects` row with its stored body (`raw_json`), for assertions.
    func objectRow(_ id: Int) throws -> Row? {
        try database.fetchOne(
            sql: "SELECT o.*, r.raw_json FROM objects o LEFT JOIN objects_raw r USING (object_id) WHERE object_id = ?",
            arguments: [.integer(Int64(id))])
    }

    func count(_ sql: String) throws -> Int {
        try database.fetchOne(sql: sql)?[0].integerValue ?? -1
    }

    /// `(object_id, reason)` pairs of the `rejections` view, sorted.
    func rejectionPairs() throws -> [String] {
        try database.fetchAll(sql: "SELECT object_id, reason FROM rejections ORDER BY object_id, reason")
            .map { "\($0.int("object_id") ?? -1):\($0.string("reason") ?? "?")" }
    }
}

extension DatabaseValue {
    var integerValue: Int? {
        if case .integer(let value) = self { return Int(value) }
        return nil
    }
}
