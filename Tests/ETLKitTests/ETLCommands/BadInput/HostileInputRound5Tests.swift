import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPipeline
import FetchEngine
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

    @Test("a remembered rate no run could have learnt (5e-324/s) is ignored and replaced: the next crawl paces from the default start; status shows no such figure")
    func tamperedPacingMemory() throws {
        let fixture = try BadInputFixture()
        let host = try #require(PacingMemoryKeeper.host(of: fixture.mock.api))
        do {
            let database = try Database(path: fixture.catalogPath, create: false)
            // Values the table's CHECKs allow: 9e999 is SQLite's infinity.
            try database.execute(sql: """
                INSERT INTO pacing_memory (host, ceiling, clean_rate, clean_source, last_block_at, last_block_seconds, updated_at)
                VALUES (?, 1e-300, 4.9e-324, 'ramp', ?, 9e999, ?)
                """, arguments: [.text(host), .text(Timestamp.string(from: Date())), .text(Timestamp.string(from: Date()))])
        }
        let status = try ETLRun.run(["status", "--catalog", fixture.catalogPath, "--json"])
        #expect(status.exitCode == 0, "\(status.standardError)")
        let shown = try JSONDecoder().decode(CatalogStatus.self, from: Data(status.standardOutput.utf8))
        let pacing = try #require(shown.pacing.first { $0.host == host })
        #expect(pacing.ceiling == nil && pacing.cleanRate == nil && pacing.lastBlockSeconds == nil && pacing.nextStartRate == nil)
        let plain = try ETLRun.run(["status", "--catalog", fixture.catalogPath])
        #expect(plain.exitCode == 0 && !plain.standardOutput.contains("e-3") && !plain.standardOutput.contains("inf"), "\(plain.standardOutput)")

        // Tampered, the first slot after the listing lay 20 s away: a
        // 60-second budget ran out on its first waits, with nothing fetched.
        let budget = 8
        let crawl = try ETLRun.run([
            "crawl", "--api", fixture.mock.api, "--catalog", fixture.catalogPath, "--out", fixture.pagesPath, "--full",
            "--max-requests", "\(budget)", "--max-duration", "60s", "--json", "--quiet", "--max-attempts", "1",
        ])
        #expect(crawl.exitCode == 0, "\(crawl.standardError)")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(crawl.standardOutput.utf8))
        #expect(summary.status == .budgetReached && summary.requests == budget, "the request budget ends it, not the time budget")

        let database = try Database(path: fixture.catalogPath, create: false, readOnly: true)
        let row = try #require(try database.fetchOne(
            sql: "SELECT ceiling, clean_rate, last_block_seconds FROM pacing_memory WHERE host = ?", arguments: [.text(host)]))
        for column in ["ceiling", "clean_rate"] {
            let value = try row.real(named: column)
            #expect(value == nil || value! >= PacingMemory.minimumRate, "\(column) = \(String(describing: value))")
        }
        #expect(try row.real(named: "last_block_seconds") == nil)
    }

    @Test("a --catalog path too long for the system fails in one line and leaves none of the folders made for it")
    func catalogPathTooLong() throws {
        let folder = TemporaryDirectory()
        let deep = (0..<20).map { _ in String(repeating: "d", count: 250) }.joined(separator: "/")
        let path = folder.path("long/\(deep)/c.sqlite")
        let run = try ETLRun.run(["crawl", "--api", "http://127.0.0.1:9", "--catalog", path, "--out", folder.path("pages"), "--max-attempts", "1"])
        #expect(run.exitCode == 73, "\(run.standardError.prefix(300))")
        #expect(run.firstErrorLine.hasPrefix("Error: cannot create catalog '\(path)': cannot create lock file '"))
        #expect(run.firstErrorLine.hasSuffix(".lock': File name too long"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root).isEmpty)
    }

    @Test("a full disk under etl images exits 74 as every output does, and leaves no thumbnail without its picture; the rerun completes")
    func fullDiskUnderImages() async throws {
        // A 400 KB tmpfs in a private mount namespace, where the machine allows one.
        let probe = try ETLRun.runShell("unshare -m sh -c 'mount -t tmpfs -o size=4k tmpfs /mnt' 2>/dev/null")
        guard probe.exitCode == 0 else { return }
        let fixture = try await ImageFixture()
        let folder = fixture.crawl.path("small")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let images = folder + "/images"
        let command = [TestPaths.etlExecutable, "images", "--catalog", fixture.catalogPath, "--dir", images,
                       "--image-hosts", "127.0.0.1", "--rate", "unlimited", "--quiet"].map { "'\($0)'" }.joined(separator: " ")
        // Inside the namespace: run etl, then name every thumbnail whose picture is not there.
        let script = """
            mount -t tmpfs -o size=400k tmpfs '\(folder)' || exit 99
            \(command) >/dev/null; code=$?
            for thumb in '\(images)'/thumbs/*.webp; do
                [ -e "$thumb" ] || continue
                id=$(basename "$thumb" .webp)
                ls '\(images)'/"$id".* >/dev/null 2>&1 || echo "orphan $thumb"
            done
            exit $code
            """
        let full = try ETLRun.runShell("unshare -m sh -c \"\(script.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "$", with: "\\$"))\"")
        #expect(full.exitCode == 74, "\(full.standardError)")
        #expect(full.standardError.hasPrefix("Error: cannot write image '\(images)/"), "\(full.standardError)")
        #expect(full.standardError.contains("No space left on device"))
        #expect(full.standardOutput == "", "thumbnails without their picture: \(full.standardOutput)")
        let rerun = try ETLRun.run(["images", "--catalog", fixture.catalogPath, "--dir", fixture.imagesPath,
                                    "--image-hosts", "127.0.0.1", "--rate", "unlimited", "--quiet"])
        #expect(rerun.exitCode == 0, "\(rerun.standardError)")
    }

    @Test("under ulimit -v 600000 etl images verifies every picture; a picture failed for want of memory is tried again without --retry-failed")
    func memoryLimitIsNoVerdict() async throws {
        let fixture = try await ImageFixture()
        let images = ["images", "--catalog", fixture.catalogPath, "--dir", fixture.imagesPath, "--image-hosts", "127.0.0.1",
                      "--rate", "unlimited", "--quiet"]
        let command = ([TestPaths.etlExecutable] + images).map { "'\($0)'" }.joined(separator: " ")
        let limited = try ETLRun.runShell("ulimit -v 600000 && exec \(command)")
        #expect(limited.exitCode == 0, "\(limited.standardError)")
        let paged = try fixture.catalog().recordedPages().reduce(0) { $0 + $1.count }
        func count(_ state: String) throws -> Int {
            try Database(path: fixture.catalogPath, create: false, readOnly: true)
                .fetchOne(sql: "SELECT count(*) AS n FROM images WHERE state = ?", arguments: [.text(state)])?.integer(named: "n") ?? -1
        }
        #expect(try count("ok") == paged && paged > 0)

        // As a run short of memory leaves them: failed, for want of resources.
        do {
            let database = try Database(path: fixture.catalogPath, create: false)
            try database.execute(sql: """
                UPDATE images SET state = 'failed', failure = 'resources', error = 'the decoder says: glib: Error creating thread',
                       file = NULL, bytes = NULL, sha256 = NULL
                 WHERE object_id IN (SELECT object_id FROM images ORDER BY object_id LIMIT 5)
                """)
        }
        let again = try ETLRun.run(images + ["--json"])
        #expect(again.exitCode == 0, "\(again.standardError)")
        let summary = try JSONDecoder().decode(ImageSummary.self, from: Data(again.standardOutput.utf8))
        #expect(summary.skippedFailed == 0 && summary.downloaded + summary.cached >= 5)
        #expect(try count("failed") == 0 && count("ok") == paged)
    }

    @Test("SIGTERM while etl status upgrades a large old catalog: exit 143 at once, the catalog left as it was")
    func signalDuringAnUpgrade() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("v1.sqlite")
        do {
            // Version 1's fixture, its objects copied 4,000 times: an upgrade of seconds.
            let database = try CatalogFixture.shipped(version: 1, path: path)
            try database.execute(sql: """
                INSERT INTO objects
                SELECT o.object_id + n.k * 100000, o.state, o.needs_fetch, o.is_listed, o.withdrawn_at, o.http_status, o.fetched_at,
                       o.attempts, o.error, o.raw_json, o.is_public_domain, o.primary_image, o.primary_image_small,
                       o.artist_display_name, o.title, o.classification, o.object_date, o.medium, o.object_url, o.department,
                       o.metadata_date, o.is_complete, o.dedup_key || n.k, o.planned_out
                  FROM objects o, (WITH RECURSIVE c(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM c WHERE k < 4000) SELECT k FROM c) n
                """)
        }
        let before = Self.bytes(path)
        // The event: the upgrade's transaction has begun writing (its rollback journal exists).
        let run = try ETLRun.run(["status", "--catalog", path], signal: SIGTERM, when: { FileManager.default.fileExists(atPath: path + "-journal") })
        #expect(run.exitCode == 143, "\(run.standardError)")
        #expect(run.firstErrorLine == "Error: stopped by a signal; nothing was replaced")
        #expect(Self.bytes(path) == before, "the upgrade rolled back: the file is byte for byte as it was")
        let after = try ETLRun.run(["status", "--catalog", path])
        #expect(after.exitCode == 0, "\(after.standardError)")
    }

    @Test("SIGTERM while etl pages writes 10,000 pages: exit 143, no page set put in place, none left half-made")
    func signalDuringPages() throws {
        let fixture = try BadInputFixture()
        do {
            let database = try Database(path: fixture.catalogPath, create: false)
            // Kept works enough for 10,000 pages of 20 (rows the pages read: works and their objects).
            try database.execute(sql: """
                INSERT INTO objects (object_id, state, needs_fetch) SELECT 10000000 + value, 'fetched', 0
                  FROM (WITH RECURSIVE c(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM c WHERE value < 200000) SELECT value FROM c);
                INSERT INTO works (object_id, title, artist_display_name, primary_image)
                SELECT object_id, 'Title', 'Artist', 'https://example.org/a.jpg' FROM objects WHERE object_id > 10000000;
                """)
        }
        let out = fixture.folder.path("many")
        let parent = fixture.folder.root
        // The event: the new set's folder (`.many.<suffix>`) is being filled.
        let isWriting = {
            ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).contains { $0.hasPrefix(".many.") }
        }
        let run = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", out, "--pages", "10000", "--page-size", "20"],
                                 signal: SIGTERM, when: isWriting)
        #expect(run.exitCode == 143, "\(run.standardError)")
        #expect(run.firstErrorLine == "Error: stopped by a signal; nothing was replaced")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(!isWriting(), "the half-made set is removed")
    }

    @Test("a page folder whose manifest is a link or a pipe is read as one without a manifest, with the promised warning")
    func pageManifestThatIsNoFile() throws {
        let fixture = try BadInputFixture()
        // A folder of the user's, which etl fills in place beside its manifest.
        let out = fixture.folder.path("plain")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let first = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", out])
        #expect(first.exitCode == 0, "\(first.standardError)")
        let manifest = out + "/" + WrittenFiles.fileName
        let victim = fixture.folder.path("victim.txt")
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: victim))
        for makeManifest in [{ try FileManager.default.createSymbolicLink(atPath: manifest, withDestinationPath: victim) },
                             { guard mkfifo(manifest, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) } }] {
            try FileManager.default.removeItem(atPath: manifest)
            try makeManifest()
            let run = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", out], timeout: 60)
            #expect(run.exitCode == 0, "\(run.standardError)")
            #expect(run.errorLines(starting: "Warning:").count == 1)
            #expect(run.errorLines(starting: "Warning:").first?.hasPrefix("Warning: ignored the manifest '\(manifest)' itself: ") == true)
            #expect(Self.bytes(victim) == Data("mine\n".utf8))
            #expect(HostileOutputTests.kind(manifest) == S_IFREG, "etl's own manifest replaced it")
        }
    }

    @Test("an answer with a 200 KB header is said as such, not as 'Out of memory'")
    func hugeHeader() throws {
        let server = try FixedServer(routes: ["*": .init(body: #"{"total": 1, "objectIDs": [1]}"#, headers: ["X-Pad": String(repeating: "x", count: 200_000)])])
        let folder = TemporaryDirectory()
        let run = try ETLRun.run(["crawl", "--api", server.api, "--catalog", folder.path("c.sqlite"), "--out", folder.path("pages"),
                                  "--rate", "unlimited", "--max-attempts", "1", "--quiet"])
        #expect(run.exitCode == 1, "\(run.standardError)")
        #expect(run.firstErrorLine == "Error: cannot list object IDs from \(server.api)/objects: request to \(server.api)/objects failed: "
            + "the answer's headers are larger than 100 KB (or memory ran out) (after 1 attempts)")
    }

    @Test("too few open files (ulimit -n 10): one line naming the limit before anything starts, exit 71, nothing left behind")
    func tooFewOpenFiles() throws {
        let folder = TemporaryDirectory()
        let command = [TestPaths.etlExecutable, "crawl", "--api", "http://127.0.0.1:9", "--catalog", folder.path("c.sqlite"),
                       "--out", folder.path("pages"), "--quiet"].map { "'\($0)'" }.joined(separator: " ")
        let run = try ETLRun.runShell("ulimit -n 10 && exec \(command)")
        #expect(run.exitCode == 71, "\(run.standardError)")
        #expect(run.standardError == "Error: etl needs at least 64 open files, and this process may open 10 (ulimit -n): raise the limit and run again\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root).isEmpty)
        // A soft limit under a hard one that allows enough is raised: the run goes on.
        let raised = try ETLRun.runShell("ulimit -Hn 4096 && ulimit -Sn 10 && exec \(command)")
        #expect(!raised.standardError.contains("open files"), "\(raised.standardError)")
    }

    @Test("kept page settings out of range are blamed on the catalog, not on options never given (exit 65); given options replace them")
    func keptPageSettingsOutOfRange() throws {
        let fixture = try BadInputFixture()
        let stored = "pages=999999999 page-size=100 order=shuffle seed=0 require-image=off bundles=off"
        try Database(path: fixture.catalogPath, create: false)
            .execute(sql: "UPDATE settings SET value = ? WHERE key = 'pages_layout'", arguments: [.text(stored)])
        let before = try fixture.snapshot()
        let run = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", fixture.pagesPath])
        #expect(run.exitCode == 65, "\(run.standardError)")
        #expect(run.firstErrorLine == "Error: the page settings kept in catalog '\(fixture.catalogPath)' (\(stored)) cannot be used: "
            + "more than \(PageLayout.maximumSlots) places; give --pages and --page-size to replace them")
        #expect(try fixture.snapshot() == before)
        let replaced = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", fixture.pagesPath, "--pages", "3", "--page-size", "10"])
        #expect(replaced.exitCode == 0, "\(replaced.standardError)")
    }
}
