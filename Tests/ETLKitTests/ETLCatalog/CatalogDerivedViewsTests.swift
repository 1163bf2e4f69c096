import Foundation
import Testing
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

/// The rejection views follow `RejectionReason` on every open, with no
/// schema version: a catalog whose views were built from a smaller enum
/// gets today's (as does a dedup index made before it was widened).
@Suite("Catalog views derived from the reason enum, kept current on open")
struct CatalogDerivedViewsTests {
    static func viewSQL(_ catalog: Catalog, _ name: String) throws -> String? {
        try catalog.database.fetchOne(sql: "SELECT sql FROM sqlite_master WHERE type = 'view' AND name = ?",
                                      arguments: [.text(name)])?.string("sql")
    }

    static func firstReason(_ catalog: Catalog, _ id: Int) throws -> DatabaseValue? {
        try catalog.database.fetchOne(sql: "SELECT first_reason FROM rejected_objects WHERE object_id = ?",
                                      arguments: [.integer(Int64(id))])?["first_reason"]
    }

    @Test("views built from version 3's smaller enum are rebuilt from today's on open")
    func smallerEnumViewsAreRebuilt() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        do {
            let catalog = try Catalog.open(path: path)
            // `invalid_id` came with the Flickr and TMDB sources, after version 3.
            try catalog.database.execute(sql: """
                INSERT INTO objects (object_id, state, needs_fetch) VALUES (7, 'fetched', 0);
                INSERT INTO object_reasons (object_id, reason) VALUES (7, 'invalid_id');
                DROP VIEW rejected_objects;
                DROP VIEW rejections;
                \(CatalogSchema.version3RejectionsViewSQL);
                \(CatalogSchema.version3RejectedObjectsViewSQL);
                """)
            #expect(try CatalogSchema.staleDefinitions(in: catalog.database, reasons: .registered) == ["rejections", "rejected_objects"])
            // The old view ranks only the reasons it knew: no first reason.
            #expect(try Self.firstReason(catalog, 7) == .null)
        }
        let reopened = try Catalog.open(path: path)
        #expect(try Self.viewSQL(reopened, "rejections") == SourceRegistry.reasons.rejectionsViewSQL)
        #expect(try Self.viewSQL(reopened, "rejected_objects") == SourceRegistry.reasons.rejectedObjectsViewSQL)
        #expect(try Self.firstReason(reopened, 7) == .text("invalid_id"))
        #expect(try CatalogSchema.staleDefinitions(in: reopened.database, reasons: .registered).isEmpty)
        #expect(try reopened.database.fetchOne(sql: "PRAGMA user_version")?.int("user_version") == CatalogSchema.version)
    }

    @Test("a derived view dropped by hand is made again; current views are left as they are")
    func missingViewIsMadeAgain() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        do {
            let catalog = try Catalog.open(path: path)
            #expect(try CatalogSchema.refreshDefinitions(catalog.database, reasons: .registered).isEmpty)
            try catalog.database.execute(sql: "DROP VIEW rejected_objects")
            #expect(try CatalogSchema.staleDefinitions(in: catalog.database, reasons: .registered) == ["rejected_objects"])
        }
        let reopened = try Catalog.open(path: path)
        #expect(try Self.viewSQL(reopened, "rejected_objects") == SourceRegistry.reasons.rejectedObjectsViewSQL)
        #expect(try reopened.rejectionPairs() == [])
    }

    @Test("the narrow dedup index of catalogs made before it was widened is widened on open")
    func narrowDedupIndexIsWidened() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        do {
            let catalog = try Catalog.open(path: path)
            try catalog.database.execute(sql: """
                DROP INDEX objects_by_dedup_key;
                CREATE INDEX objects_by_dedup_key ON objects (dedup_key, object_id) WHERE is_complete = 1;
                """)
            #expect(try CatalogSchema.staleDefinitions(in: catalog.database, reasons: .registered) == ["objects_by_dedup_key"])
        }
        let reopened = try Catalog.open(path: path)
        let stored = try reopened.database.fetchOne(sql: "SELECT sql FROM sqlite_master WHERE name = 'objects_by_dedup_key'")
        #expect(stored?.string("sql") == CatalogSchema.repairedIndexes.first?.sql)
        #expect(try Self.viewSQL(reopened, "rejections") == SourceRegistry.reasons.rejectionsViewSQL)
    }

    /// `rebuildWorks` drops and makes the insert trigger with today's text:
    /// it must be what the frozen version 3 step made, or a bulk rebuild
    /// would change the schema.
    @Test("today's full-text triggers are the text the version 3 step made")
    func fullTextTriggersMatchTheFrozenStep() throws {
        let directory = TemporaryDirectory()
        let catalog = try Catalog.open(path: directory.path("catalog.sqlite"))
        for event in ["insert", "delete", "update"] {
            let stored = try catalog.database.fetchOne(
                sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?",
                arguments: [.text("works_fts_\(event)")])?.string("sql")
            #expect(stored == CatalogSchema.fullTextTriggerSQL(event))
        }
    }
}
