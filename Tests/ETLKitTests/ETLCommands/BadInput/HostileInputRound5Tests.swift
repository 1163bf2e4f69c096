import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPipeline
import Store

/// Hostile input, round 5: lock files never written through, and the other
/// findings of that round that the binary shows. Through the real binary,
/// with the exact exit code and first stderr line, and the bytes of every
/// file that must survive.
@Suite("Hostile input, round 5", .serialized)
struct HostileInputRound5Tests {
    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test("a lock file that is a symbolic link or a named pipe is refused (exit 73), never written through, for crawl, pages and images")
    func lockFilesAreNeverFollowed() throws {
        let fixture = try BadInputFixture()
        let victim = fixture.folder.path("victim.txt")
        try Data("the user's own file\n".utf8).write(to: URL(fileURLWithPath: victim))
        let before = try fixture.snapshot()
        let runs: [(lock: String, arguments: [String])] = [
            (".lock", fixture.crawlArguments(api: fixture.mock.api)),
            (".lock", ["pages", "--catalog", fixture.catalogPath, "--out", fixture.pagesPath]),
            (".images.lock", ["images", "--catalog", fixture.catalogPath, "--dir", fixture.folder.path("images"), "--all"]),
        ]
        for (suffix, arguments) in runs {
            let lock = fixture.catalogPath + suffix
            try? FileManager.default.removeItem(atPath: lock)
            try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: victim)
            let linked = try ETLRun.run(arguments)
            #expect(linked.exitCode == 73, "\(arguments[0]): \(linked.standardError)")
            #expect(linked.firstErrorLine == "Error: the lock file of catalog '\(fixture.catalogPath)', '\(lock)', is a symbolic link; "
                + "etl writes its lock file only as a regular file of its own: remove it and run again")
            #expect(Self.bytes(victim) == Data("the user's own file\n".utf8), "\(arguments[0]) wrote through the link")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: lock)) == victim, "the link itself is left as it was")

            try FileManager.default.removeItem(atPath: lock)
            #expect(mkfifo(lock, 0o644) == 0)
            let piped = try ETLRun.run(arguments)
            #expect(piped.exitCode == 73, "\(arguments[0]): \(piped.standardError)")
            #expect(piped.firstErrorLine.hasSuffix("'\(lock)', is a named pipe; etl writes its lock file only as a regular file of its own: remove it and run again"))
            try FileManager.default.removeItem(atPath: lock)
        }
        #expect(try fixture.snapshot() == before)
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("images")), "a refused images run made no folder")
    }

    @Test("a refused run names the command holding the catalog: pages is not told that a crawl holds it")
    func busyNamesTheHolder() throws {
        let fixture = try BadInputFixture()
        let held = try CatalogLock(catalogPath: fixture.catalogPath, purpose: .pages)
        defer { withExtendedLifetime(held) {} }
        let run = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", fixture.pagesPath])
        #expect(run.exitCode == 75, "\(run.standardError)")
        #expect(run.firstErrorLine == "Error: catalog '\(fixture.catalogPath)' is in use by another etl pages (pid \(getpid())); try again when it has finished")
    }
}
