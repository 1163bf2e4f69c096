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
import FetchEngine
import Store

/// `etl images` against image URLs it must not fetch, and fatal errors.
@Suite("Bad input: etl images", .serialized)
struct BadImageInputTests {
    @Test("only the source's image hosts are allowed by default", arguments: [
        ("https://images.metmuseum.org/CRDImages/ep/original/DT1.jpg", nil),
        ("HTTPS://IMAGES.METMUSEUM.ORG:443/x.jpg", nil),
        ("http://169.254.169.254/latest/meta-data/", "host '169.254.169.254' is not an image host of the source (images.metmuseum.org); add it with --image-hosts and run with --retry-failed"),
        ("https://images.metmuseum.org@169.254.169.254/x.jpg", "host '169.254.169.254' is not an image host of the source (images.metmuseum.org); add it with --image-hosts and run with --retry-failed"),
        ("https://images.metmuseum.org.evil.example/x.jpg", "host 'images.metmuseum.org.evil.example' is not an image host of the source (images.metmuseum.org); add it with --image-hosts and run with --retry-failed"),
        ("https://images.metmuseum.org\\@evil.example/x.jpg", "not an http:// or https:// URL with a plain host name"),
        ("file:///etc/passwd", "not an http:// or https:// URL with a plain host name"),
        ("gopher://images.metmuseum.org/x", "not an http:// or https:// URL with a plain host name"),
    ] as [(String, String?)])
    func defaultHosts(url: String, problem: String?) {
        #expect(ImageHosts().problem(with: url) == problem)
    }

    @Test("--image-hosts must be host names", arguments: ["", ",", "http://x", "a b", "x/y"])
    func imageHostsOption(value: String) throws {
        let run = try ETLRun.run(["images", "--image-hosts", value])
        #expect(run.exitCode == 64)
        #expect(run.firstErrorLine == "Error: Invalid value '\(value)' for '--image-hosts': expected host names separated by commas, e.g. images.metmuseum.org")
    }

    @Test("image URLs on another host are recorded as invalid_url and never requested")
    func disallowedHostIsNeverFetched() async throws {
        let fixture = try await ImageFixture()
        let run = try ETLRun.run([
            "images", "--catalog", fixture.catalogPath, "--dir", fixture.imagesPath, "--rate", "unlimited", "--json",
        ])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let summary = try JSONDecoder().decode(ImageSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.downloaded == 0)
        #expect(summary.failures == ["invalid_url": summary.failed])
        #expect(summary.failed > 0)
        #expect(try await fixture.imageRequests() == 0, "nothing was connected to")
        let errors = Set(try fixture.rows().values.compactMap { $0.string("error") })
        #expect(errors == ["host '127.0.0.1' is not an image host of the source (images.metmuseum.org); add it with --image-hosts and run with --retry-failed"])

        // Widened, and asked to retry, the same URLs are fetched.
        let widened = try ETLRun.run(fixture.arguments(["--retry-failed", "--json"]))
        #expect(widened.exitCode == 0, "\(widened.standardError)")
        let second = try JSONDecoder().decode(ImageSummary.self, from: Data(widened.standardOutput.utf8))
        #expect(second.downloaded == summary.failed)
    }

    @Test("a fatal error of etl images goes to stderr as one line, besides the summary")
    func fatalErrorOnStandardError() async throws {
        let fixture = try await ImageFixture()
        fixture.mock.stop()
        let run = try ETLRun.run(fixture.arguments(["--max-attempts", "1", "--quiet"]))
        #expect(run.exitCode == 1)
        #expect(run.firstErrorLine.hasPrefix("Error: no image host could be reached (cannot connect to \(fixture.mock.api)/"), "\(run.standardError)")
        #expect(run.firstErrorLine.hasSuffix("); run again later: those pictures are tried again"))
        #expect(run.standardOutput.hasPrefix("images failed (paged)"))
        #expect(run.hasCleanStandardError)
    }
}

/// SQLite's own write failures, made for real, as the user sees them.
@Suite("Bad input: SQLite write failures")
struct StorageErrorTests {
    @Test("disk full: one line naming the catalog and what to do, exit 74, no SQL")
    func diskFull() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("catalog.sqlite")
        let catalog = try Catalog.open(path: path)
        let pages = try catalog.database.fetchOne(sql: "PRAGMA page_count")?.int("page_count") ?? 0
        // SQLite answers SQLITE_FULL when the file may not grow: a full disk, as SQLite reports it.
        try catalog.database.execute(sql: "PRAGMA max_page_count = \(pages)")
        let error = try #require(throws: DatabaseError.self) {
            try catalog.setSetting("filler", to: String(repeating: "x", count: 1 << 20))
        }
        #expect(error.resultCode == 13)
        let shown = CommandRunner.userFacing(error, catalogPath: path)
        #expect("\(shown)" == "cannot write catalog '\(path)': the disk is full; free some space and run again (nothing was lost: the last transaction was rolled back)")
        #expect(CommandRunner.exitCode(for: shown) == .ioError)
        #expect(try catalog.integrityCheck() == "ok")
    }

    @Test("read-only catalog: one line naming the catalog and what to do, exit 73")
    func readOnly() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("catalog.sqlite")
        _ = try Catalog.open(path: path)
        let database = try Database(path: path, create: false, readOnly: true)
        let error = try #require(throws: DatabaseError.self) {
            try database.execute(sql: "UPDATE settings SET value = 'x'")
        }
        #expect(error.resultCode == 8)
        let shown = CommandRunner.userFacing(error, catalogPath: path)
        #expect("\(shown)" == "cannot write catalog '\(path)': it or its folder is read-only; make both writable (SQLite adds -wal and -shm files beside it) and run again")
        #expect(CommandRunner.exitCode(for: shown) == .cannotCreate)
    }
}

/// The same through the real binary, on real small and read-only file
/// systems (tmpfs); skipped where mounting is not allowed.
@Suite("Bad input: full and read-only disks", .serialized)
struct FileSystemErrorTests {
    /// Mounts a tmpfs with `options` at a fresh folder; nil when not permitted.
    static func mountTmpfs(_ options: String, in folder: TemporaryDirectory) -> String? {
        let point = folder.path("mnt-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: false)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = ["-t", "tmpfs", "-o", options, "tmpfs", point]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? point : nil
    }

    static func unmount(_ point: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/umount")
        process.arguments = [point]
        try? process.run()
        process.waitUntilExit()
    }

    static let canMount: Bool = {
        let folder = TemporaryDirectory()
        guard let point = mountTmpfs("size=64k", in: folder) else { return false }
        unmount(point)
        return true
    }()

    @Test("a full disk under the catalog: exit 74, one line naming it", .enabled(if: canMount, "cannot mount a small tmpfs (needs root)"))
    func diskFull() throws {
        let folder = TemporaryDirectory()
        // Room for the schema's migration (32 tables and indexes of 16 KB pages,
        // ~530 KB of WAL) but not for the sample's 300 bodies.
        let point = try #require(Self.mountTmpfs("size=900k", in: folder))
        defer { Self.unmount(point) }
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        let catalog = point + "/catalog.sqlite"
        let run = try ETLRun.run(["crawl", "--api", mock.api, "--catalog", catalog, "--out", folder.path("pages"), "--rate", "unlimited", "--quiet"])
        #expect(run.exitCode == 74)
        #expect(run.standardError == "Error: cannot write catalog '\(catalog)': the disk is full; free some space and run again (nothing was lost: the last transaction was rolled back)\n")
        #expect(try Catalog.open(path: catalog, create: false).integrityCheck() == "ok")
    }

    @Test("a read-only folder for the catalog or the pages: exit 73 before any request", .enabled(if: canMount, "cannot mount a small tmpfs (needs root)"))
    func readOnly() async throws {
        let folder = TemporaryDirectory()
        let point = try #require(Self.mountTmpfs("size=64k,ro", in: folder))
        defer { Self.unmount(point) }
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        let pages = try ETLRun.run(["crawl", "--api", mock.api, "--catalog", folder.path("c.sqlite"), "--out", point + "/pages", "--quiet"])
        #expect(pages.exitCode == 73)
        #expect(pages.standardError == "Error: cannot write pages to '\(point)/pages': cannot create it inside '\(point)': Read-only file system\n")
        let catalog = try ETLRun.run(["crawl", "--api", mock.api, "--catalog", point + "/c.sqlite", "--out", folder.path("pages"), "--quiet"])
        #expect(catalog.exitCode == 73)
        #expect(catalog.standardError == "Error: cannot create catalog '\(point)/c.sqlite': cannot create lock file '\(point)/c.sqlite.lock': Read-only file system\n")
        #expect(try await mock.stats().requests == 0)
    }
}
