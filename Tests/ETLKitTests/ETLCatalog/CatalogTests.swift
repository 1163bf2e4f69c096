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

@Suite("Catalog file")
struct CatalogTests {
    static func pragma(_ catalog: Catalog, _ name: String) throws -> DatabaseValue? {
        try catalog.database.fetchOne(sql: "PRAGMA \(name)")?[0]
    }

    static func folderEntries(_ directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.root).sorted()
    }

    @Test func openCreatesAConfiguredCatalog() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("data/nested/catalog.sqlite")
        let catalog = try Catalog.open(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try Self.pragma(catalog, "user_version") == .integer(Int64(CatalogSchema.version)))
        #expect(try Self.pragma(catalog, "application_id") == .integer(0x4D45_544C))
        #expect(try Self.pragma(catalog, "journal_mode") == .text("wal"))
        #expect(try Self.pragma(catalog, "page_size") == .integer(16_384))
        #expect(try Self.pragma(catalog, "foreign_keys") == .integer(1))
        #expect(try catalog.integrityCheck() == "ok")
        let header = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 16)
        #expect(header == Data("SQLite format 3\0".utf8))
        let tables = try catalog.database.fetchAll(sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name")
            .compactMap { $0.string("name") }
        for name in ["objects", "object_reasons", "works", "works_fts", "rejections", "runs", "settings"] {
            #expect(tables.contains(name), "\(name)")
        }
    }

    @Test func reopeningKeepsDataAndSettings() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        do {
            let catalog = try Catalog.open(path: path)
            _ = try catalog.registerListing(ids: [1, 2, 3], at: CatalogFixture.date)
            try catalog.setSetting("cursor", to: "2026-05-01")
            try catalog.setSetting("cursor", to: "2026-05-02")
        }
        let reopened = try Catalog.open(path: path, create: false)
        #expect(try reopened.queuedIDs() == [1, 2, 3])
        #expect(try reopened.setting("cursor") == "2026-05-02")
        #expect(try reopened.setting("absent") == nil)
        #expect(try Self.pragma(reopened, "user_version") == .integer(Int64(CatalogSchema.version)))
        #expect(try Self.pragma(reopened, "journal_mode") == .text("wal"))
        // A third open while the second is alive (two connections) works too.
        let third = try Catalog.open(path: path)
        #expect(try third.queuedIDs() == [1, 2, 3])
    }

    @Test(arguments: [
        "name,title\n1,Irises\n", "SQLite format 2\0 but not really", "x", String(repeating: "\0", count: 4_096),
    ])
    func nonSQLiteFileIsNotACatalogAndIsUntouched(contents: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        let bytes = Data(contents.utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect {
            try Catalog.open(path: path)
        } throws: { error in
            guard case .notACatalog(let errorPath, _) = error as? CatalogError else { return false }
            return errorPath == path
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try Self.folderEntries(directory) == ["catalog.sqlite"], "no -wal, -shm or -journal file")
    }

    @Test func someoneElsesSQLiteDatabaseIsNotACatalogAndIsUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("theirs.sqlite")
        do {
            let database = try Database(path: path)
            try database.execute(sql: "CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('Ada');")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: CatalogError.notACatalog(path: path, reason: "an SQLite database that etl did not create")) {
            try Catalog.open(path: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try Self.folderEntries(directory) == ["theirs.sqlite"])
        let database = try Database(path: path)
        #expect(try database.fetchOne(sql: "PRAGMA journal_mode")?[0] == .text("delete"))
    }

    @Test func anEmptyFileBecomesACatalog() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let catalog = try Catalog.open(path: path)
        #expect(try Self.pragma(catalog, "application_id") == .integer(0x4D45_544C))
    }

    @Test func aDirectoryIsNotACatalog() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: CatalogError.notACatalog(path: path, reason: "it is a directory")) {
            try Catalog.open(path: path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == [])
    }

    @Test func openWithoutCreateOnAMissingFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("missing/catalog.sqlite")
        #expect(throws: CatalogError.missing(path: path)) { try Catalog.open(path: path, create: false) }
        #expect(try Self.folderEntries(directory) == [], "nothing was created")
    }

    @Test func aNewerSchemaIsRefused() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        let newer = CatalogSchema.version + 1
        try Catalog.open(path: path).database.execute(sql: "PRAGMA user_version = \(newer)")
        #expect(throws: CatalogError.newerSchema(path: path, found: newer, supported: CatalogSchema.version)) { try Catalog.open(path: path) }
    }

    @Test func folderThatCannotBeCreated() throws {
        let directory = TemporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.path("file")))
        let path = directory.path("file/catalog.sqlite")
        #expect {
            try Catalog.open(path: path)
        } throws: { error in
            guard case .cannotCreate(let errorPath, _) = error as? CatalogError else { return false }
            return errorPath == path
        }
    }

    // MARK: runs

    @Test func runsAreRecorded() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        let first = try catalog.beginRun(mode: "full", startedAt: CatalogFixture.date)
        let second = try catalog.beginRun(mode: "incremental", startedAt: CatalogFixture.date)
        #expect(second == first + 1)
        var summary = CrawlSummary()
        summary.fetched = 12
        summary.requests = 15
        summary.status = .budgetReached
        summary.error = "it's \"quoted\""
        try catalog.finishRun(id: first, summary: summary, finishedAt: CatalogFixture.date.addingTimeInterval(61.5))
        try catalog.closeAbandonedRuns()
        let rows = try catalog.database.fetchAll(sql: "SELECT * FROM runs ORDER BY id")
        #expect(rows.map { $0.string("status") } == ["budget_reached", "killed"])
        #expect(rows[0].string("mode") == "full")
        #expect(rows[0].int("fetched") == 12)
        #expect(rows[0].int("requests") == 15)
        #expect(rows[0].string("error") == "it's \"quoted\"")
        #expect(rows[0].string("started_at") == Timestamp.string(from: CatalogFixture.date))
        #expect(rows[0].string("finished_at") == Timestamp.string(from: CatalogFixture.date.addingTimeInterval(61.5)))
        #expect(rows[1].string("finished_at") == nil)
    }

    // MARK: lock

    @Test func secondLockOnTheSameCatalogIsBusy() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        var first: CatalogLock? = try CatalogLock(catalogPath: path)
        #expect(first?.path == path + ".lock")
        #expect(throws: CrawlError.catalogBusy(path: path, holder: Int(getpid()))) {
            _ = try CatalogLock(catalogPath: path)
        }
        // Another catalog in the same folder is independent.
        let other = try CatalogLock(catalogPath: directory.path("other.sqlite"))
        withExtendedLifetime(other) {}
        first = nil
        let again = try CatalogLock(catalogPath: path)
        #expect(again.path == path + ".lock")
        #expect(throws: CrawlError.self) { _ = try CatalogLock(catalogPath: path) }
        withExtendedLifetime(again) {}
    }

    /// A refused lock closes its file once: a second close (its deinit ran
    /// after the init threw) closed whatever another thread had opened
    /// under the same number meanwhile. Here a thread opens and checks its
    /// own descriptors while refused locks come and go beside it.
    @Test("a busy lock closes its file once, never a descriptor another thread opened since")
    func busyLockClosesOnce() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        let held = try CatalogLock(catalogPath: path)
        let attempts = 20_000
        async let refused: Int = {
            var busy = 0
            for _ in 0..<attempts where (try? CatalogLock(catalogPath: path)) == nil { busy += 1 }
            return busy
        }()
        async let lost: Int = {
            var lost = 0
            for _ in 0..<attempts {
                let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { continue }
                // Closed by someone else: not ours to close any more.
                if fcntl(descriptor, F_GETFD) == -1 { lost += 1; continue }
                close(descriptor)
            }
            return lost
        }()
        let (busy, closedUnderUs) = await (refused, lost)
        #expect(busy == attempts)
        #expect(closedUnderUs == 0)
        withExtendedLifetime(held) {}
    }

    @Test func everySpellingOfOneCatalogSharesOneLock() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("c.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        try FileManager.default.createSymbolicLink(atPath: directory.path("link.sqlite"), withDestinationPath: path)
        try FileManager.default.createDirectory(atPath: directory.path("sub"), withIntermediateDirectories: true)
        let lock = try CatalogLock(catalogPath: path)
        for spelling in [directory.path("link.sqlite"), directory.path("sub/../c.sqlite"), directory.path("./c.sqlite"), directory.path("sub//../c.sqlite")] {
            #expect(throws: CrawlError.catalogBusy(path: spelling, holder: Int(getpid()))) {
                _ = try CatalogLock(catalogPath: spelling)
            }
        }
        // A catalog not created yet, in a folder not created yet, still locks.
        let later = try CatalogLock(catalogPath: directory.path("new/deeper/n.sqlite"))
        #expect(throws: CrawlError.self) { _ = try CatalogLock(catalogPath: directory.path("new/deeper/../deeper/n.sqlite")) }
        withExtendedLifetime((lock, later)) {}
    }
}
