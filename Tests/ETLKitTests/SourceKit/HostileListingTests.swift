import Foundation
import Testing
@testable import CMASource
@testable import ETLCatalog
@testable import ETLCore
@testable import SourceKit

/// Issue 47 (hostile input, round 5), items 2, 3, 9 and 12, through the
/// real binary against the mocks on loopback: pages far larger than asked,
/// a listing that never ends, records whose text is not UTF-8, a list that
/// moves on a share of the pages served.
@Suite("Hostile listings through the executable", .serialized)
struct HostileListingTests {
    /// The issue's bound on etl's peak resident memory for every hostile listing.
    static let memoryBound = 300 << 20

    struct Crawl {
        var measured: ETLRun.Measured
        var summary: CrawlSummary
        var catalog: Catalog
    }

    /// `etl crawl --source <source> --json` into a fresh catalog, its memory measured.
    static func crawl(
        _ source: String, api: String, _ extra: [String] = [], environment: [String: String] = [:], timeout: Double = 240
    ) throws -> Crawl {
        let fixture = try CrawlFixture()
        let measured = try ETLRun.runMeasuringMemory(
            ["crawl", "--source", source, "--api", api, "--catalog", fixture.catalogPath, "--out", fixture.pagesPath,
             "--rate", "unlimited", "--json"] + extra, timeout: timeout, environment: environment)
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(measured.run.standardOutput.utf8))
        print("\(source): exit \(measured.run.exitCode), peak \(measured.peakResidentBytes >> 20) MB, \(summary.listed ?? 0) listed, "
              + "kept \(summary.kept), \(summary.listPages ?? summary.windows ?? 0) pages or windows, \(summary.requests) requests")
        return Crawl(measured: measured, summary: summary, catalog: try Catalog.open(path: fixture.catalogPath, create: false))
    }

    @Test("TMDB now_playing pages of 20,000 movies (TMDB sends 20): each read to its 20, the list exact, memory bounded")
    func tmdbPagesOfTwentyThousand() async throws {
        let mock = try SourceMockServer.tmdb(["--movies", "400", "--seed", "2", "--oversize", "20000"])
        let crawl = try Self.crawl("tmdb", api: "\(mock.api)/3", environment: ["TMDB_READ_TOKEN": SourceFixture.tmdbToken])
        #expect(crawl.measured.run.exitCode == 0, "\(crawl.measured.run.standardError)")
        let expected = try await mock.expected()
        let pages = try #require(expected["total_pages"]?.int)
        #expect(Set(try crawl.catalog.keptIDs()) == Set(expected["complete_ids"]?.ids ?? []))
        #expect(crawl.summary.listed == expected["all_ids"]?.ids.count && crawl.summary.isListSettled == true)
        // Every page once, and page 1 again: the extra movies cost no pass.
        #expect(crawl.summary.requests == pages + 1 && crawl.summary.listPasses == 1)
        #expect(crawl.measured.peakResidentBytes < Self.memoryBound)
    }

    @Test("AIC search pages of 20,000 when limit=100 is asked: read to 100, the kept set exact, memory bounded")
    func aicPagesOfTwentyThousand() async throws {
        let mock = try SourceMockServer(script: "mock_aic.py", options: ["--artworks", "3000", "--seed", "3", "--oversize", "20000"])
        let crawl = try Self.crawl("aic", api: "\(mock.api)/api/v1")
        #expect(crawl.measured.run.exitCode == 0, "\(crawl.measured.run.standardError)")
        let expected = try await mock.expected()
        #expect(Set(try crawl.catalog.keptIDs()) == Set(expected["kept_ids"]?.ids ?? []))
        #expect(crawl.summary.listed == expected["with_id"]?.int)
        // One window of 30 pages, each read once.
        #expect(crawl.summary.windows == 1 && crawl.summary.requests == 3_000 / 100)
        #expect(crawl.measured.peakResidentBytes < Self.memoryBound)
    }

    @Test("Flickr pages of 15,000 when per_page=500 is asked: read to 500, the complete photos kept, memory bounded")
    func flickrPagesOfFifteenThousand() async throws {
        let mock = try SourceMockServer.flickr(["--photos", "3000", "--seed", "3", "--oversize", "15000"])
        let crawl = try Self.crawl(
            "flickr", api: "\(mock.api)/services/rest", ["--text", "cat"], environment: ["FLICKR_API_KEY": SourceFixture.flickrKey])
        #expect(crawl.measured.run.exitCode == 0, "\(crawl.measured.run.standardError)")
        let expected = try await mock.expected()
        #expect(Set(try crawl.catalog.keptIDs()) == Set(expected["complete_ids"]?.ids ?? []))
        let stats = try await mock.stats()
        #expect(crawl.summary.requests == stats["search_requests"]?.int && crawl.summary.retries == 0)
        #expect(crawl.measured.peakResidentBytes < Self.memoryBound)
    }

    @Test("an endless CMA listing (1,000 new artworks a page, total 10^9): stored as read, held to 400 pages, nothing withdrawn")
    func cmaEndless() async throws {
        let mock = try SourceMockServer(script: "mock_cma.py", options: [
            "--artworks", "10", "--endless", "--fail-5xx", "0", "--html200", "0", "--rate-429", "0",
        ])
        let crawl = try Self.crawl("cma", api: "\(mock.api)/api", timeout: 600)
        #expect(crawl.measured.run.exitCode == 0, "\(crawl.measured.run.standardError)")
        let limit = CMAListing.limit
        let held = CMAListing.maxPages * limit
        #expect(crawl.summary.isListSettled == false && crawl.summary.withdrawn == 0)
        // Each page after the first overlaps the one before by one artwork.
        let listed = try #require(crawl.summary.listed)
        #expect(listed >= held && listed < held + limit)
        #expect(crawl.summary.requests == 1 + (listed - limit) / (limit - 1))
        let stored = try crawl.catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM objects")?.int("n")
        #expect(stored == listed)
        #expect(crawl.measured.peakResidentBytes < Self.memoryBound)
    }

    @Test("CMA records whose title is not UTF-8 or holds a lone \\ud800: each rejected alone (missing_title), the rest kept, no retry")
    func cmaInvalidText() async throws {
        let mock = try SourceMockServer(script: "mock_cma.py", options: [
            "--artworks", "3000", "--seed", "4", "--bad-text", "2", "--change-every", "0", "--fail-5xx", "0", "--html200", "0",
            "--rate-429", "0",
        ])
        let crawl = try Self.crawl("cma", api: "\(mock.api)/api")
        #expect(crawl.measured.run.exitCode == 0, "\(crawl.measured.run.standardError)")
        let expected = try await mock.expected()
        let flawed = expected["bad_text_ids"]?.ids ?? []
        #expect(flawed.count == 4)
        #expect(Set(try crawl.catalog.keptIDs()) == Set(expected["kept_ids"]?.ids ?? []))
        #expect(crawl.summary.listed == expected["ids"]?.ids.count && crawl.summary.isListSettled == true)
        let reasons = try crawl.catalog.database.fetchAll(
            sql: "SELECT object_id, reason FROM object_reasons WHERE object_id IN (\(flawed.map(String.init).joined(separator: ",")))")
        #expect(reasons.count == 4 && reasons.allSatisfy { $0.string("reason") == "missing_title" })
        // Every page read once: four overlapping requests for three pages, none asked again.
        #expect(crawl.summary.requests == 4 && crawl.summary.retries == 0)
    }

    @Test("a CMA page whose own fields are not UTF-8: the listing fails saying which byte")
    func cmaBodyNotUTF8() throws {
        let folder = TemporaryDirectory()
        let bodyPath = folder.path("body")
        let body = Array(#"{"info": {"total": 1, "note": "a"#.utf8) + [0xFF, 0xFE] + Array(#""}, "data": [{"id": 1}]}"#.utf8)
        try Data(body).write(to: URL(fileURLWithPath: bodyPath))
        let server = try FixedServer(routes: ["*": .init(body_file: bodyPath)])
        let crawl = try CrawlFixture()
        let run = try ETLRun.run(
            ["crawl", "--source", "cma", "--api", "\(server.api)/api", "--catalog", crawl.catalogPath, "--out", crawl.pagesPath,
             "--rate", "unlimited", "--max-attempts", "2"])
        #expect(run.exitCode == 1)
        let url = CMAListing.url(api: "\(server.api)/api", skip: 0, limit: CMAListing.limit)
        let notUTF8 = try #require(body.firstIndex(of: 0xFF))
        #expect(run.standardError == "Error: cannot list object IDs from \(url): the body is not a page of artworks: byte \(notUTF8) is not UTF-8 "
                + "(after 2 attempts)\n")
    }

    @Test("a CMA list changing on 5% of the pages served, within the page just served: read exactly, two requests a change at most")
    func cmaMovingFast() async throws {
        let mock = try SourceMockServer(script: "mock_cma.py", options: [
            "--artworks", "64000", "--seed", "12", "--change-share", "0.05", "--change-at", "page", "--changes", "8",
            "--fail-5xx", "0", "--html200", "0", "--rate-429", "0",
        ])
        let crawl = try Self.crawl("cma", api: "\(mock.api)/api")
        #expect(crawl.measured.run.exitCode == 0, "\(crawl.measured.run.standardError)")
        let expected = try await mock.expected()
        let changes = expected["changes_made"]?.int ?? 0
        print("cma moving: \(changes) changes, \(crawl.summary.requests) requests for \(crawl.summary.listPages ?? 0) pages")
        #expect(changes >= 4, "the list moved while it was read")
        #expect(crawl.summary.isListSettled == true)
        let kept = Set(try crawl.catalog.keptIDs())
        let keptExpected = Set(expected["kept_ids"]?.ids ?? [])
        #expect(kept == keptExpected, "missing \(keptExpected.subtracting(kept).sorted()), extra \(kept.subtracting(keptExpected).sorted())")
        #expect(crawl.summary.listed == expected["ids"]?.ids.count)
        let listed = Set(try crawl.catalog.database.fetchAll(sql: "SELECT object_id FROM objects").compactMap { $0.int("object_id") })
        let ids = Set(expected["ids"]?.ids ?? [])
        #expect(listed == ids, "missing \(ids.subtracting(listed).sorted()), extra \(listed.subtracting(ids).sorted())")
        let pages = Double(crawl.summary.listPages ?? 0)
        #expect(Double(crawl.summary.requests) <= 1.1 * pages + 20)
        // A clean read, and for each change the read that found it and the page read again.
        let clean = (64_000 - 1 + CMAListing.limit - 2) / (CMAListing.limit - 1)
        #expect(crawl.summary.requests <= clean + 2 * changes, "\(crawl.summary.requests) requests, \(clean) for a clean read")
    }

    @Test("SIGTERM while AIC serves pages of 20,000: exit 143 at the next page at most, what was read stored, nothing withdrawn")
    func sigtermDuringHostileListing() async throws {
        let mock = try SourceMockServer(script: "mock_aic.py", options: ["--artworks", "9000", "--seed", "5", "--oversize", "20000"])
        let crawl = try CrawlFixture()
        var atSignal = 0
        let run = try ETLRun.run(
            ["crawl", "--source", "aic", "--api", "\(mock.api)/api/v1", "--catalog", crawl.catalogPath, "--out", crawl.pagesPath,
             "--rate", "unlimited"],
            signal: SIGTERM,
            when: {
                atSignal = mock.statsSoFar()?["search_requests"]?.int ?? 0
                return atSignal >= 5
            })
        #expect(run.exitCode == 143, "\(run.standardError)")
        let stats = try await mock.stats()
        // The page in flight when the signal came, at most: no page read after it.
        #expect((stats["search_requests"]?.int ?? 0) <= atSignal + 1)
        let catalog = try Catalog.open(path: crawl.catalogPath, create: false)
        let row = try #require(try catalog.database.fetchOne(sql: "SELECT status, withdrawn FROM runs ORDER BY id DESC LIMIT 1"))
        #expect(row.string("status") == "interrupted" && row.int("withdrawn") == 0)
        let stored = try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM objects")?.int("n") ?? 0
        #expect(stored >= 4 * 100 && stored <= (atSignal + 1) * 100)
    }
}
