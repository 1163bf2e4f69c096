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

/// Hostile input, round 3 (outputs and files): manifests confined to their
/// folder, outputs that never replace the catalog, a database, a link or a
/// special file, one lock per catalog file. Through the real binary, with
/// the exact exit code and first line of stderr, and the bytes of every
/// file that must survive.
@Suite("Hostile input: manifests, outputs and locks")
struct HostileOutputTests {
    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    static func kind(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    @Test("a crafted page manifest cannot reach outside --out: its names are ignored, reported once, and dropped")
    func manifestConfinedToItsFolder() throws {
        let fixture = try BadInputFixture()
        let out = fixture.folder.path("plain")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let victim = fixture.folder.path("victim.txt")
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: victim))
        let manifest = out + "/" + WrittenFiles.fileName
        try Data("../catalog.sqlite\n../catalog.sqlite-wal\n../victim.txt\n01.txt\n1.txt\n".utf8).write(to: URL(fileURLWithPath: manifest))
        let before = try fixture.snapshot()

        let run = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", out, "--pages", "2"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.errorLines(starting: "Warning:") == ["Warning: ignored 4 lines of \(manifest) that are not names etl writes there: '../catalog.sqlite', '../catalog.sqlite-wal', '../victim.txt', '01.txt'"])
        #expect(Self.bytes(victim) == Data("mine\n".utf8))
        let after = try fixture.snapshot()
        #expect(after.integrity == "ok" && after.objects == before.objects && after.works == before.works)
        #expect(Self.bytes(manifest) == Data("1.txt\n2.txt\n".utf8), "the foreign lines are dropped, so the warning is said once")

        let again = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", out, "--pages", "2"])
        #expect(again.exitCode == 0 && again.errorLines(starting: "Warning:") == [])

        // A crawl writes its pages through the same rule, and says so too.
        try Data("1.txt\n2.txt\n../catalog.sqlite\n".utf8).write(to: URL(fileURLWithPath: manifest))
        let crawl = try ETLRun.run(fixture.crawlArguments(api: fixture.mock.api, ["--out", out, "--pages", "2"]))
        #expect(crawl.exitCode == 0, "\(crawl.standardError)")
        #expect(crawl.errorLines(starting: "Warning:") == ["Warning: ignored 1 line of \(manifest) that is not a name etl writes there: '../catalog.sqlite'"])
        #expect(try fixture.snapshot().integrity == "ok")
    }

    @Test("export never writes over its catalog, by any spelling, nor over the catalog's side files")
    func exportOverItsCatalog() throws {
        let fixture = try BadInputFixture()
        try FileManager.default.createSymbolicLink(atPath: fixture.folder.path("link.sqlite"), withDestinationPath: fixture.catalogPath)
        try FileManager.default.linkItem(atPath: fixture.catalogPath, toPath: fixture.folder.path("hard.sqlite"))
        try FileManager.default.createDirectory(atPath: fixture.folder.path("sub"), withIntermediateDirectories: true)
        let before = try fixture.snapshot()
        let spellings = [
            fixture.catalogPath, fixture.folder.path("link.sqlite"), fixture.folder.path("hard.sqlite"),
            fixture.folder.path("sub/../catalog.sqlite"), fixture.catalogPath + "-wal", fixture.catalogPath + "-shm",
            fixture.catalogPath + ".lock",
        ]
        for out in spellings {
            for extra in [[], ["--replace"]] {
                let run = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--out", out] + extra)
                #expect(run.exitCode == 73, "\(out): \(run.standardError)")
                #expect(run.firstErrorLine == "Error: cannot write the export '\(out)': it is the catalog or one of its files")
            }
        }
        #expect(Self.kind(fixture.folder.path("link.sqlite")) == S_IFLNK)
        #expect(try fixture.snapshot() == before)
    }

    @Test("export replaces an existing file only with --replace, never a database, and writes through a link")
    func exportAndExistingFiles() throws {
        let fixture = try BadInputFixture()
        let user = fixture.folder.path("notes.jsonl")
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: user))
        let refused = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--out", user])
        #expect(refused.exitCode == 73)
        #expect(refused.firstErrorLine == "Error: cannot write the export '\(user)': the file exists; pass --replace to replace it, or choose another --out")
        #expect(Self.bytes(user) == Data("my notes\n".utf8))

        // Another catalog, or any SQLite file, even with --replace.
        let other = fixture.folder.path("other.sqlite")
        _ = try Database(path: other).execute(sql: "CREATE TABLE t (x)")
        let otherBytes = Self.bytes(other)
        let database = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--out", other, "--replace"])
        #expect(database.exitCode == 73)
        #expect(database.firstErrorLine == "Error: cannot write the export '\(other)': it is an SQLite database; etl never replaces one")
        #expect(Self.bytes(other) == otherBytes)

        // A link is followed: its target is replaced, the link stays a link.
        let link = fixture.folder.path("link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: user)
        let throughLink = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--out", link, "--replace"])
        #expect(throughLink.exitCode == 0, "\(throughLink.standardError)")
        #expect(Self.kind(link) == S_IFLNK)
        let works = try fixture.snapshot().works
        #expect(String(decoding: Self.bytes(user) ?? Data(), as: UTF8.self).split(separator: "\n").count == works)

        let dangling = fixture.folder.path("dangling.jsonl")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: fixture.folder.path("nowhere/x"))
        let toNothing = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--out", dangling])
        #expect(toNothing.exitCode == 73)
        #expect(toNothing.firstErrorLine == "Error: cannot write the export '\(dangling)': it is a symbolic link to nothing")
        #expect(Self.kind(dangling) == S_IFLNK)
    }

    @Test("export writes into a FIFO or a device node and leaves it one; a socket or a FIFO without reader is refused")
    func exportIntoSpecialFiles() async throws {
        let fixture = try BadInputFixture()
        let works = try fixture.snapshot().works
        // A device node like /dev/null, made in the test's folder (we run as root in CI).
        let node = fixture.folder.path("null")
        if mknod(node, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 {
            let run = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--out", node])
            #expect(run.exitCode == 0, "\(run.standardError)")
            #expect(Self.kind(node) == S_IFCHR)
        }
        let devNull = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--out", "/dev/null"])
        #expect(devNull.exitCode == 0 && Self.kind("/dev/null") == S_IFCHR)
        // ETLRun sends stdout to a file: /dev/stdout is written into, not refused or replaced.
        let toStdout = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--out", "/dev/stdout"])
        #expect(toStdout.exitCode == 0, "\(toStdout.standardError)")
        #expect(toStdout.standardOutput.split(separator: "\n").count == works, "the rows alone: the summary is on stderr")
        #expect(toStdout.standardError == "exported \(works) rows of works to /dev/stdout\n")

        let fifo = fixture.folder.path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        let noReader = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--out", fifo])
        #expect(noReader.exitCode == 73)
        #expect(noReader.firstErrorLine == "Error: cannot write the export '\(fifo)': a named pipe with no reader; start its reader first")

        // A reader that counts lines; the export starts once it has opened the pipe.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        reader.arguments = ["python3", "-c", "import sys; print(sum(1 for _ in open(sys.argv[1], 'rb')))", fifo]
        let counted = Pipe()
        reader.standardOutput = counted
        try reader.run()
        // The reader may open the pipe a moment after it starts; until it has,
        // etl refuses (73, as above), so ask again until it writes.
        var result = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--out", fifo])
        let readerOpened = try await HangGuard.waitUntil {
            if result.exitCode != 73 { return true }
            result = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--out", fifo])
            return result.exitCode != 73
        }
        #expect(readerOpened, "the reader opened the pipe")
        reader.waitUntilExit()
        #expect(result.exitCode == 0, "\(result.standardError)")
        let lines = String(decoding: counted.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(lines == "\(works)\n")
        #expect(Self.kind(fifo) == S_IFIFO)

        let socketPath = fixture.folder.path("socket")
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        let toSocket = try ETLRun.run(["export", "--catalog", fixture.catalogPath, "--out", socketPath])
        #expect(toSocket.exitCode == 73)
        #expect(toSocket.firstErrorLine == "Error: cannot write the export '\(socketPath)': it is a socket")
    }

    @Test("report refuses a database and a user's file, and never writes over the catalog")
    func reportOutputs() throws {
        let fixture = try BadInputFixture()
        let before = try fixture.snapshot()
        let catalogRun = try ETLRun.run(["report", "--catalog", fixture.catalogPath, "--out", fixture.catalogPath])
        #expect(catalogRun.exitCode == 73)
        #expect(catalogRun.firstErrorLine == "Error: cannot write the report '\(fixture.catalogPath)': it is the catalog or one of its files")
        let user = fixture.folder.path("mine.html")
        try Data("<p>mine</p>".utf8).write(to: URL(fileURLWithPath: user))
        let userRun = try ETLRun.run(["report", "--catalog", fixture.catalogPath, "--out", user])
        #expect(userRun.exitCode == 73)
        #expect(userRun.firstErrorLine == "Error: cannot write the report '\(user)': the file exists and is not an etl report")
        #expect(Self.bytes(user) == Data("<p>mine</p>".utf8))
        #expect(try fixture.snapshot() == before)

        let missing = try ETLRun.run(["report", "--catalog", fixture.folder.path("nope/none.sqlite")])
        #expect(missing.exitCode == 1)
        #expect(missing.firstErrorLine == "Error: no catalog at '\(fixture.folder.path("nope/none.sqlite"))'; run 'etl crawl' first or pass --catalog PATH")
    }

    @Test("a user's file where a gallery page goes is left alone: exit 73, as for the report")
    func galleryOverAUsersFile() throws {
        let fixture = try BadInputFixture()
        let out = fixture.folder.path("gallery")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/page-1.html"))
        let run = try ETLRun.run(["gallery", "--catalog", fixture.catalogPath, "--out", out, "--page", "1"])
        #expect(run.exitCode == 73, "\(run.standardError)")
        #expect(run.firstErrorLine == "Error: a file etl did not write is at '\(out)/page-1.html'; etl leaves it alone: move it away and run again")
        #expect(Self.bytes(out + "/page-1.html") == Data("mine".utf8))
    }

    @Test("two spellings of one catalog (a symbolic link, ../) share one lock")
    func oneLockPerCatalogFile() throws {
        let fixture = try BadInputFixture()
        let link = fixture.folder.path("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.catalogPath)
        let lock = try CatalogLock(catalogPath: fixture.catalogPath)
        defer { withExtendedLifetime(lock) {} }
        let before = try fixture.snapshot()
        for spelling in [link, fixture.folder.path("./catalog.sqlite")] {
            let run = try ETLRun.run(fixture.crawlArguments(api: fixture.mock.api).map { $0 == fixture.catalogPath ? spelling : $0 })
            #expect(run.exitCode == 75, "\(spelling): \(run.standardError)")
            #expect(run.firstErrorLine.hasPrefix("Error: catalog '\(spelling)' is in use by another etl crawl"), "\(run.firstErrorLine)")
        }
        #expect(try fixture.snapshot() == before)
    }

    @Test("a catalog with corrupt pages is exit 65 with advice; commands that read work on a read-only catalog")
    func damagedAndReadOnlyCatalogs() throws {
        let fixture = try BadInputFixture()
        // Read-only: a bind mount made read-only in a private mount namespace.
        let folder = fixture.folder.root
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["unshare", "-m", "true"]
        try probe.run()
        probe.waitUntilExit()
        if probe.terminationStatus == 0 {
            for command in [["status"], ["export", "--out", "/dev/null"], ["report", "--out", "/dev/null"]] {
                let line = ([TestPaths.etlExecutable, command[0], "--catalog", fixture.catalogPath] + command.dropFirst()).map { "'\($0)'" }.joined(separator: " ")
                let run = try ETLRun.runShell(
                    "unshare -m sh -c \"mount --bind '\(folder)' '\(folder)' && mount -o remount,bind,ro '\(folder)' && exec \(line.replacingOccurrences(of: "\"", with: "\\\""))\"")
                #expect(run.exitCode == 0, "\(command[0]) on a read-only mount: \(run.standardError)")
            }
        }

        // Random bytes over the root page of `objects`, which every read of the table passes through.
        let root = try Database(path: fixture.catalogPath, create: false, readOnly: true)
            .fetchOne(sql: "SELECT rootpage FROM sqlite_master WHERE name = 'objects'")?.int("rootpage") ?? 0
        #expect(root > 1)
        let handle = try #require(FileHandle(forUpdatingAtPath: fixture.catalogPath))
        var generator = SystemRandomNumberGenerator()
        try handle.seek(toOffset: UInt64((root - 1) * CatalogSchema.pageSize))
        try handle.write(contentsOf: (0..<CatalogSchema.pageSize).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try handle.close()
        let expected = "Error: the catalog '\(fixture.catalogPath)' is damaged: restore it from a backup, or move it aside and crawl again"
        // Reading every object's row meets the damaged pages (status reads too little to).
        for command in [["export", "--table", "objects"], ["export", "--table", "objects", "--format", "csv"]] {
            let run = try ETLRun.run([command[0], "--catalog", fixture.catalogPath] + command.dropFirst())
            #expect(run.exitCode == 65, "\(command[0]): \(run.standardError)")
            #expect(run.firstErrorLine == expected, "\(command[0])")
        }
    }
}
