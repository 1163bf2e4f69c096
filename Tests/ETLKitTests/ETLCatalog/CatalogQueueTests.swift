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
import FetchEngine

@Suite("Catalog listing, queue and results")
struct CatalogQueueTests {
    // MARK: listings

    @Test func successiveListingsCountAddedWithdrawnAndRelisted() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        let date = CatalogFixture.date
        #expect(try catalog.registerListing(ids: [3, 1, 2, 2], at: date) == ListingChanges(added: 3, withdrawn: 0, relisted: 0))
        #expect(try catalog.registerListing(ids: [1, 2, 3], at: date) == ListingChanges(added: 0, withdrawn: 0, relisted: 0))
        #expect(try catalog.registerListing(ids: [2, 3, 4, 5], at: date) == ListingChanges(added: 2, withdrawn: 1, relisted: 0))
        #expect(try catalog.registerListing(ids: [1, 2], at: date) == ListingChanges(added: 0, withdrawn: 3, relisted: 1))
        #expect(try catalog.registerListing(ids: [1, 2, 3, 4, 5, 6], at: date) == ListingChanges(added: 1, withdrawn: 0, relisted: 3))
        #expect(try catalog.count("SELECT count(*) FROM objects") == 6)
        #expect(try catalog.count("SELECT count(*) FROM objects WHERE is_listed = 0") == 0)
    }

    @Test func withdrawnObjectsLeaveWorksAndRelistedComeBackQueued() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        _ = try catalog.registerListing(ids: [1, 2, 3], at: CatalogFixture.date)
        try catalog.record([CatalogFixture.fetched(1), CatalogFixture.fetched(2), CatalogFixture.fetched(3)])
        #expect(try catalog.rebuildWorks() == WorksChange(added: 3, removed: 0, kept: 3))
        #expect(try catalog.queuedIDs() == [])

        let withdrawnAt = CatalogFixture.date.addingTimeInterval(86_400)
        #expect(try catalog.registerListing(ids: [1, 3], at: withdrawnAt).withdrawn == 1)
        #expect(try catalog.objectRow(2)?.string("withdrawn_at") == Timestamp.string(from: withdrawnAt))
        #expect(try catalog.rebuildWorks() == WorksChange(added: 0, removed: 1, kept: 2))
        #expect(try catalog.keptIDs() == [1, 3])
        #expect(try catalog.rejectionPairs() == ["2:withdrawn"])
        // A withdrawn object is not fetched, even with --full.
        try catalog.markAllForFetch()
        #expect(try catalog.queuedIDs() == [1, 3])

        #expect(try catalog.registerListing(ids: [1, 2, 3], at: CatalogFixture.date).relisted == 1)
        #expect(try catalog.objectRow(2)?["withdrawn_at"] == .null)
        #expect(try catalog.queuedIDs() == [1, 2, 3])
        #expect(try catalog.rebuildWorks() == WorksChange(added: 1, removed: 0, kept: 3))
        #expect(try catalog.rejectionPairs() == [])
    }

    // MARK: queue

    @Test func queuedIDsPutNeverFetchedAndFailedFirst() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        _ = try catalog.registerListing(ids: Array(1...9), at: CatalogFixture.date)
        try catalog.record([
            CatalogFixture.fetched(1), CatalogFixture.fetched(2), CatalogFixture.fetched(4), CatalogFixture.fetched(8),
            CatalogFixture.failed(6), CatalogFixture.gone(7), CatalogFixture.badID(9),
        ])
        #expect(try catalog.queuedIDs() == [3, 5, 6])
        #expect(try catalog.markForFetch(ids: [8, 2, 3]) == 2, "8 and 2 were not queued; 3 already was")
        try catalog.record([CatalogFixture.failed(4)])  // a re-fetch that failed stays a re-fetch
        #expect(try catalog.queuedIDs() == [3, 5, 6, 2, 4, 8])
        try catalog.markAllForFetch()
        #expect(try catalog.queuedIDs() == [3, 5, 6, 1, 2, 4, 7, 8, 9])
    }

    @Test func markForFetchAddsUnknownIDs() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.markForFetch(ids: [20, 10])
        #expect(try catalog.queuedIDs() == [10, 20])
        try catalog.registerIDs([10, 30])
        #expect(try catalog.queuedIDs() == [10, 20, 30])
        try catalog.record([CatalogFixture.fetched(10)])
        try catalog.registerIDs([10])
        #expect(try catalog.queuedIDs() == [20, 30], "registerIDs keeps the state of known IDs")
    }

    // MARK: results

    @Test func recordingTheSameResultsTwiceKeepsOneRowPerObject() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        let results = [
            CatalogFixture.fetched(1), CatalogFixture.fetched(2, ["title": .missing, "isPublicDomain": .bool(false)]),
            CatalogFixture.gone(3), CatalogFixture.failed(4), CatalogFixture.badID(5),
        ]
        try catalog.record(results)
        try catalog.rebuildWorks()
        let reasonsBefore = try catalog.rejectionPairs()
        try catalog.record(results)
        try catalog.rebuildWorks()
        #expect(try catalog.count("SELECT count(*) FROM objects") == 5)
        #expect(try catalog.count("SELECT count(*) FROM works") == 1)
        #expect(try catalog.count("SELECT count(*) FROM object_reasons") == 2)
        #expect(try catalog.rejectionPairs() == reasonsBefore)
        #expect(reasonsBefore == ["2:missing_title", "2:not_public_domain", "3:gone", "5:bad_id"])
        #expect(try catalog.objectRow(1)?.int("attempts") == 2, "attempts add up across runs")
        try catalog.record([])
        #expect(try catalog.count("SELECT count(*) FROM objects") == 5)
    }

    @Test func rawJSONIsStoredExactlyAsReceived() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        let text = "{ \"objectID\":7,\n  \"title\" : \"Caf\\u00e9 \\\"Noir\\\" \u{1F3A8}\", \"artistDisplayName\":\"Ann\u{E9}e\","
            + "\"isPublicDomain\":true,\"primaryImage\":\"https://x/y.jpg\",\"classification\":\"Prints\","
            + "\"objectDate\":\"ca. 1900\", \"extra\": [1, 2.50, null] }"
        let body = Array(text.utf8)
        try catalog.record([CatalogFixture.fetched(7, body: body)])
        let row = try #require(try catalog.objectRow(7))
        guard case .text(let stored) = row["raw_json"] else {
            Issue.record("raw_json is \(row["raw_json"])")
            return
        }
        #expect(Array(stored.utf8) == body)
        #expect(row.string("title") == "Caf\u{E9} \"Noir\" \u{1F3A8}")
        #expect(row.string("artist_display_name") == "Ann\u{E9}e")
        #expect(row.int("is_complete") == 1)
        #expect(row.int("is_public_domain") == 1)
        #expect(row.string("state") == "fetched")
        #expect(row.int("http_status") == 200)
        #expect(row.int("needs_fetch") == 0)
        #expect(row.string("fetched_at") == Timestamp.string(from: CatalogFixture.date))
        #expect(row.string("dedup_key") == "ann\u{E9}e\u{1F}caf\u{E9} \"noir\" \u{1F3A8}")
    }

    @Test func goneAfterCompleteLeavesWorksButKeepsTheBody() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record([CatalogFixture.fetched(5)])
        try catalog.rebuildWorks()
        #expect(try catalog.keptIDs() == [5])
        try catalog.record([CatalogFixture.gone(5, message: "Not a valid object")])
        let row = try #require(try catalog.objectRow(5))
        #expect(row.string("state") == "gone")
        #expect(row.string("error") == "Not a valid object")
        #expect(row.int("http_status") == 404)
        #expect(row.int("is_complete") == 0)
        #expect(row["dedup_key"] == .null)
        #expect(row.string("raw_json") == String(decoding: CatalogFixture.body(5), as: UTF8.self))
        #expect(try catalog.rebuildWorks() == WorksChange(added: 0, removed: 1, kept: 0))
        #expect(try catalog.rejectionPairs() == ["5:gone"])
        #expect(try catalog.queuedIDs() == [])
    }

    @Test func failedKeepsPreviousDataAndStaysQueued() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record([CatalogFixture.fetched(6, title: "Irises")])
        try catalog.rebuildWorks()
        try catalog.record([CatalogFixture.failed(6, reason: "timed out", attempts: 3)])
        let row = try #require(try catalog.objectRow(6))
        #expect(row.string("state") == "fetched")
        #expect(row.int("needs_fetch") == 1)
        #expect(row.string("title") == "Irises")
        #expect(row.string("raw_json") == String(decoding: CatalogFixture.body(6, title: "Irises"), as: UTF8.self))
        #expect(row.string("error") == "timed out")
        #expect(row.int("attempts") == 4)
        #expect(row.int("is_complete") == 1)
        try catalog.rebuildWorks()
        #expect(try catalog.keptIDs() == [6], "a failed re-fetch keeps the work")
        #expect(try catalog.queuedIDs() == [6])
        // A later success clears the error and the queue entry.
        try catalog.record([CatalogFixture.fetched(6, title: "Irises")])
        #expect(try catalog.objectRow(6)?["error"] == .null)
        #expect(try catalog.queuedIDs() == [])
    }

    @Test func failedWithoutPreviousDataIsStateFailed() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record([CatalogFixture.failed(8)])
        let row = try #require(try catalog.objectRow(8))
        #expect(row.string("state") == "failed")
        #expect(row.int("needs_fetch") == 1)
        #expect(row["raw_json"] == .null)
        #expect(try catalog.rejectionPairs() == [])
    }

    @Test func bodyWithAnotherObjectIDIsInvalid() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.record([CatalogFixture.fetched(20, body: CatalogFixture.body(21))])
        #expect(try catalog.objectRow(20)?.int("is_complete") == 0)
        try catalog.rebuildWorks()
        #expect(try catalog.rejectionPairs() == ["20:invalid_objectID"])
    }

    @Test func aFailingBatchRecordsNothing() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.database.execute(sql: """
            CREATE TRIGGER refuse_13 BEFORE INSERT ON objects WHEN new.object_id = 13
            BEGIN SELECT RAISE(ABORT, 'refused'); END
            """)
        #expect(throws: DatabaseError.self) {
            try catalog.record([CatalogFixture.fetched(12), CatalogFixture.fetched(13)])
        }
        #expect(try catalog.count("SELECT count(*) FROM objects") == 0)
    }
}
