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

/// Faults, blocks and budgets against the mock API's fault injection.
@Suite("Polite, fault-tolerant crawling", .serialized)
struct PolitenessTests {
    /// The kept set and page bytes of a fault-free crawl of `data`.
    private func referenceCrawl(data: String) async throws -> (kept: [Int], pages: [Data]) {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: data)
        _ = try await fixture.crawl(fixture.options(api: mock.api))
        return (try Catalog.open(path: fixture.catalogPath, create: false).keptIDs(), try fixture.pageBytes())
    }

    @Test("a fault mix ends with the same catalog and pages as a clean crawl")
    func faultMix() async throws {
        let data = TestPaths.sample("objects.jsonl")
        let reference = try await referenceCrawl(data: data)
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: data, options: [
            "--seed", "3", "--fail-5xx", "0.05", "--reset", "0.02", "--truncate", "0.02", "--html200", "0.02",
            "--slow", "0.05", "--slow-ms", "300", "--retry-after", "0",
            "--block-limit", "150", "--block-window", "1", "--block-penalty", "0.5",
        ])
        var options = fixture.options(api: mock.api)
        options.pacing.maxAttempts = 8
        options.pacing.cooldown = 0.6
        let summary = try await fixture.crawl(options)
        let stats = try await mock.stats()
        print("fault mix: \(summary.requests) requests, \(summary.retries) retries, \(summary.blocks) blocks, faults \(stats.faults)")

        #expect(summary.status == .completed)
        #expect(summary.failed == 0)
        #expect(summary.retries > 0)
        #expect(stats.faults.values.reduce(0, +) > 0)
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        #expect(try catalog.keptIDs() == reference.kept)
        #expect(try fixture.pageBytes() == reference.pages)
        #expect(try catalog.integrityCheck() == "ok")
    }

    @Test("an object that always answers a block page fails after a bounded number of cooldowns")
    func persistentBlockPage() async throws {
        let fixture = try CrawlFixture()
        try "1000\n1005\n".write(toFile: fixture.path("ids.txt"), atomically: true, encoding: .utf8)
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"), options: ["--html200", "1"])
        var options = fixture.options(api: mock.api)
        options.idsFile = fixture.path("ids.txt")
        options.pacing.cooldown = 0.05
        options.pacing.maxAttempts = 2
        let summary = try await fixture.crawl(options)
        #expect(summary.status == .completed)
        #expect(summary.failed == 2)
        #expect(summary.fetched == 0)
        let stats = try await mock.stats()
        // A page every time, for every object, from the start: blocks, confirmed by
        // probes, until each object has been refused 2 × --max-attempts times.
        #expect(summary.blocks >= 1)
        #expect((8...16).contains(stats.object_requests), "\(stats.object_requests) requests")
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        #expect(try catalog.queuedIDs() == [1000, 1005])
    }

    @Test("a body over 10 MB is refused, not read")
    func oversizedBody() async throws {
        let fixture = try CrawlFixture()
        let huge = String(repeating: "x", count: 11 * 1024 * 1024)
        let record = "{\"objectID\": 7, \"isPublicDomain\": true, \"title\": \"\(huge)\"}\n"
        try record.write(toFile: fixture.path("huge.jsonl"), atomically: true, encoding: .utf8)
        let mock = try MockServer(data: fixture.path("huge.jsonl"))
        let summary = try await fixture.crawl(fixture.options(api: mock.api))
        #expect(summary.failed == 1)
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let row = try catalog.database.fetchOne(sql: "SELECT o.state, o.error, r.raw_json FROM objects o LEFT JOIN objects_raw r USING (object_id) WHERE o.object_id = 7")
        #expect(row?.string("state") == "failed")
        #expect(row?.string("error")?.contains("larger than 10485760 bytes") == true)
        #expect(row?["raw_json"] == .null)
    }

    @Test("--timeout turns slow answers into retries, then a failure kept for the next run")
    func timeouts() async throws {
        let fixture = try CrawlFixture()
        try "1000\n".write(toFile: fixture.path("ids.txt"), atomically: true, encoding: .utf8)
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"), options: ["--slow", "1", "--slow-ms", "1500"])
        var options = fixture.options(api: mock.api)
        options.idsFile = fixture.path("ids.txt")
        options.pacing.timeout = 0.3
        options.pacing.maxAttempts = 2
        let summary = try await fixture.crawl(options)
        #expect(summary.failed == 1)
        #expect(summary.retries == 1)
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        #expect(try catalog.queuedIDs() == [1000])
        let row = try catalog.database.fetchOne(sql: "SELECT error FROM objects WHERE object_id = 1000")
        #expect(row?.string("error")?.contains("timed out") == true)
    }

    @Test("--max-requests stops cleanly and the next run finishes the rest")
    func requestBudget() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        var options = fixture.options(api: mock.api)
        let budget = 51
        let listed = SampleSummary.committedSample.listed
        options.pacing.maxRequests = budget
        let first = try await fixture.crawl(options)
        #expect(first.status == .budgetReached)
        #expect(first.requests == budget)
        #expect(first.fetched + first.gone == budget - 1, "the listing took one request")
        #expect(first.remaining == listed - (budget - 1))
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        #expect(try catalog.setting(Crawler.cursorKey) == nil)

        options.pacing.maxRequests = nil
        let second = try await fixture.crawl(options)
        #expect(second.status == .completed)
        #expect(second.fetched + second.gone == listed - (budget - 1))
        let stats = try await mock.stats()
        #expect(stats.per_object.values.allSatisfy { $0 == 1 })
        #expect(try catalog.setting(Crawler.cursorKey) != nil)
    }

    @Test("--max-duration stops on time")
    func timeBudget() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        var options = fixture.options(api: mock.api)
        let rate = 20.0
        options.pacing.rate = .fixed(rate)
        options.pacing.maxDuration = 1.5
        let summary = try await fixture.crawl(options)
        #expect(summary.status == .budgetReached)
        // No more requests than the budget allows at the rate: the listing,
        // then one object per 1/rate s; the rest is left for the next run.
        let allowed = Int(rate * 1.5)
        #expect(summary.requests <= allowed + 1)
        let listed = SampleSummary.committedSample.listed
        #expect(summary.remaining == listed - summary.fetched - summary.gone)
        #expect(summary.remaining >= listed - allowed)
    }

    @Test("a crawl is refused with exit 75 while another process holds the catalog's lock; the lock file it leaves when killed is not")
    func lock() async throws {
        let fixture = try CrawlFixture()
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        let arguments = [
            "crawl", "--api", mock.api, "--catalog", fixture.catalogPath, "--out", fixture.pagesPath,
            "--rate", "unlimited", "--quiet", "--json",
        ]
        // Another process takes the catalog's lock as etl does (flock, its pid
        // inside) and says so by a marker file, then waits to be killed. That
        // this is etl's lock file, the refusal below and the pid the next
        // crawl writes into it both prove.
        let lockPath = fixture.catalogPath + ".lock"
        let marker = fixture.path("holding")
        let holder = try PythonProcess.start("""
            import fcntl, os, sys
            lock = open(sys.argv[1], "a+")
            fcntl.flock(lock, fcntl.LOCK_EX)
            lock.truncate(0)
            lock.write(f"{os.getpid()}\\n")
            lock.flush()
            open(sys.argv[2], "w").close()
            sys.stdin.read()
            """, [lockPath, marker])
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        #expect(await HangGuard.waitUntil { FileManager.default.fileExists(atPath: marker) }, "the holder took the lock")

        let refused = try ETLRun.run(arguments)
        #expect(refused.exitCode == 75)
        #expect(refused.standardError == "Error: catalog '\(fixture.catalogPath)' is in use by another etl crawl (pid \(holder.processIdentifier)); try again when it has finished\n")
        #expect(!FileManager.default.fileExists(atPath: fixture.catalogPath), "a refused crawl makes no catalog")

        // Killed, the holder leaves its lock file and pid behind but no flock:
        // the same catalog's next crawl must proceed, and take that very file.
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        #expect(try String(contentsOfFile: lockPath, encoding: .utf8) == "\(holder.processIdentifier)\n", "a stale lock file is there")
        let stale = try ETLRun.run(arguments)
        #expect(stale.exitCode == 0, "\(stale.standardError)")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(stale.standardOutput.utf8))
        #expect(summary.status == .completed)
        #expect(summary.fetched + summary.gone == SampleSummary.committedSample.listed)
        #expect(try String(contentsOfFile: lockPath, encoding: .utf8) == "\(stale.processID) crawl\n", "the lock names its holder and its command")
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        #expect(try catalog.keptIDs() == SampleSummary.committedSample.kept_ids.sorted())
    }
}
