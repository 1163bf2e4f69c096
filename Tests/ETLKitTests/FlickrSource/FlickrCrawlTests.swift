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

/// `--source flickr` against the mock: the 4,000-result cap, the rule,
/// errors as HTTP 200, the key kept out of everything written.
@Suite("Flickr through the pipeline", .serialized)
struct FlickrCrawlTests {
    @Test("~9,000 matches, above the 4,000 cap: every matching photo listed exactly once, the complete ones kept")
    func aboveTheCap() async throws {
        let fixture = try SourceFixture(.flickr, mockOptions: ["--photos", "9000", "--seed", "3"])
        let start = ContinuousClock.now
        let summary = try await fixture.run(fixture.options())
        let elapsed = (ContinuousClock.now - start).inSeconds
        let expected = try await fixture.mock.expected()
        let stats = try await fixture.mock.stats()
        let complete = expected["complete_ids"]?.ids ?? []
        print("flickr: \(summary.listed ?? 0) listed, kept \(summary.kept) of \(complete.count) complete, \(summary.windows ?? 0) windows, \(summary.requests) requests in \(FigureText.duration(elapsed)); mock max page start \(stats["max_page_start"]?.int ?? -1)")
        #expect(summary.status == .completed)
        #expect(complete.count > 7_000, "the mock should hold ~9,000 matches")
        let kept = try fixture.keptIDs()
        #expect(kept.count == Set(kept).count)
        #expect(Set(kept) == Set(complete))
        // Every photo with an ID is stored once: kept or with its reasons.
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let stored = try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM objects")?.int("n")
        let rejected = try catalog.database.fetchOne(sql: "SELECT count(DISTINCT object_id) AS n FROM object_reasons")?.int("n")
        #expect(stored == summary.listed)
        #expect((rejected ?? 0) + kept.count == stored)
        #expect((summary.windows ?? 0) >= 3, "9,000 photos need at least three windows of 4,000")
        // Listed once each: the only photos not stored are those without an ID.
        #expect(summary.skippedListed == (expected["total"]?.int ?? 0) - (stored ?? 0))
        #expect(summary.listedAgain == 0 && summary.withoutUsableID == summary.skippedListed)
        #expect(Report.text(for: summary).contains("listing: \(summary.skippedListed) items without a usable id (not stored), 0 answers of items already listed"))
        #expect(summary.unsteadyWindows == 0)
        // Never a page past the cap, where Flickr repeats itself.
        #expect((stats["max_page_start"]?.int ?? .max) < 4_000)
        // Bisection costs a few count queries, not a second listing: 18 pages of 500 hold 9,000.
        #expect(summary.requests <= 18 + 2 * (summary.windows ?? 0) + 4)
        #expect(summary.blocks == 0 && summary.refusals == 0)
        // The page files hold kept photos only, each once.
        let paged = try fixture.crawl.pagedIDs()
        #expect(paged.count == min(kept.count, 3_000))
        #expect(Set(paged).isSubset(of: Set(kept)))
        // Attribution: owner, licence and a link back for every kept photo.
        let unattributed = try catalog.database.fetchOne(sql: """
            SELECT count(*) AS n FROM works w JOIN flickr_photos p USING (object_id)
             WHERE p.photo_page_url IS NULL OR p.license_name IS NULL OR w.artist_display_name = ''
            """)?.int("n")
        #expect(unattributed == 0)
        #expect(try catalog.recordedSource() == .flickr)
    }

    @Test("the API key never reaches the catalog, the pages, the summary or an error")
    func keyKeptOut() async throws {
        // Faults are drawn per URL, and URLs hold the run's start time: 25
        // pages at 25% make a run without one unlikely (0.07%), a page
        // failing all 8 attempts more so.
        let fixture = try SourceFixture(.flickr, mockOptions: ["--photos", "9000", "--unavailable", "0.25", "--seed", "4"])
        var options = fixture.options()
        options.pacing.maxAttempts = 8
        let summary = try await fixture.run(options)
        #expect(summary.status == .completed)
        let unavailable = try await fixture.mock.stats()["faults"]?["unavailable"]?.int ?? 0
        #expect(summary.retries == unavailable && unavailable > 0, "the mock's unavailable answers were retried")
        let key = Data(SourceFixture.flickrKey.utf8)
        #expect(try fixture.writtenBytes().range(of: key) == nil)
        #expect(!Report.json(summary).contains(SourceFixture.flickrKey))
        #expect(!Report.text(for: summary).contains(SourceFixture.flickrKey))

        // An unreachable API: the error names the URL without the key.
        var broken = fixture.options()
        broken.api = "http://127.0.0.1:1/services/rest"
        broken.pacing.maxAttempts = 1
        await #expect {
            _ = try await fixture.run(broken)
        } throws: { error in
            let text = "\(error)"
            return text.contains("127.0.0.1:1") && !text.contains(SourceFixture.flickrKey) && !text.contains("api_key")
        }
        #expect(try fixture.writtenBytes().range(of: key) == nil)
    }

    @Test("a wrong key is a one-line error, nothing is withdrawn; error 105 is retried")
    func errorsAsHTTP200() async throws {
        let fixture = try SourceFixture(.flickr, mockOptions: ["--photos", "9000", "--seed", "5"])
        let first = try await fixture.run(fixture.options())
        let kept = try fixture.keptIDs()
        let pages = try fixture.crawl.pageBytes()
        #expect(first.kept == kept.count && kept.count > 0)
        // A refused key reads nothing: works and pages stay as they were,
        // even under a layout that would rewrite them.
        var fewerPages = fixture.options()
        fewerPages.paging.layout.pageCount = 4
        await #expect(throws: SourceAPIError(api: "Flickr", refused: FlickrLister.errors.credential, code: 100, message: "Invalid API Key (Key has invalid format)")) {
            _ = try await fixture.run(fewerPages, environment: ["FLICKR_API_KEY": "wrong-key"])
        }
        #expect(try fixture.keptIDs() == kept)
        #expect(try fixture.crawl.pageBytes() == pages)
        let runs = try Catalog.open(path: fixture.catalogPath, create: false).database.fetchAll(sql: "SELECT status, error FROM runs ORDER BY id")
        #expect(runs.map { $0.string("status") } == ["completed", "failed"])
        #expect(runs.last?.string("error")?.contains("error 100") == true)

        // Unavailable (105) and search unavailable (10): retried, same result, no block, little time.
        try await fixture.mock.configure(["unavailable": 0.15, "unavailable_10": 0.1])
        var options = fixture.options()
        options.pacing.maxAttempts = 10
        let start = ContinuousClock.now
        let retried = try await fixture.run(options)
        let elapsed = (ContinuousClock.now - start).inSeconds
        let stats = try await fixture.mock.stats()
        print("flickr 105/10 answers: \(stats["faults"] ?? .null), \(retried.retries) retries, \(FigureText.duration(elapsed))")
        #expect(retried.status == .completed)
        #expect((stats["faults"]?["unavailable"]?.int ?? 0) + (stats["faults"]?["unavailable_10"]?.int ?? 0) == retried.retries)
        #expect(retried.retries > 0)
        #expect(try fixture.keptIDs() == kept)
        // A block would cost the 60 s cooldown: the count says so without
        // timing the run, which a loaded machine made flaky (59.8 s once).
        #expect(retried.blocks == 0)
    }

    /// Flickr's page size and how many results of one search it serves at most.
    static let (perPage, reachable) = (500, 4_000)

    /// Photos a second apart, oldest first: page 1 holds the oldest 500.
    static func photos(_ count: Int, at second: ((Int) -> Int)? = nil, in crawl: CrawlFixture, name: String) throws -> String {
        let list = (0..<count).map { i in
            ["id": "\(70_000_000_000 + i)", "owner": "1@N00", "secret": "abcdef0123", "server": "65535", "farm": 66,
             "title": "photo \(i)", "ispublic": 1, "license": "4", "dateupload": "\(second?(i) ?? 1_500_000_000 + i)",
             "datetaken": "2020-09-13 12:26:40", "ownername": "someone"] as [String: any Sendable]
        }
        let path = crawl.path(name)
        try JSONSerialization.data(withJSONObject: list).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the oldest photo deleted after page 1 is read: the window is read again; the photo that moved up to page 1 is not missed")
    func photoDeletedMidWindow() async throws {
        let crawl = try CrawlFixture()
        let count = 1_200
        let pages = (count + Self.perPage - 1) / Self.perPage
        let fixture = try SourceFixture(.flickr, mockOptions: ["--data", try Self.photos(count, in: crawl, name: "p.json")])
        _ = try await fixture.run(fixture.options())
        // The next answered search deletes the oldest photo: pages 2 and 3 move up by one.
        try await fixture.mock.configure(["drop_oldest_every": 1, "drop_limit": 1])
        try await fixture.mock.resetStats()
        let summary = try await fixture.run(fixture.options())
        print("flickr deleted after page 1: \(summary.requests) requests, \(summary.withdrawn) withdrawn, unsteady \(summary.unsteadyWindows ?? -1)")
        let kept = Set(try fixture.keptIDs())
        #expect(summary.status == .completed && summary.unsteadyWindows == 0)
        #expect(summary.requests == pages * 2, "every page, read twice")
        #expect(!kept.contains(70_000_000_000), "the deleted photo is withdrawn")
        #expect(kept.contains(70_000_000_000 + Self.perPage), "the photo that moved onto page 1 is still listed")
        #expect(kept.count == count - 1 && summary.withdrawn == 1)
    }

    @Test("a search whose results keep changing withdraws nothing; a count off by a few settles on two equal reads")
    func unsteadyAndOffCounts() async throws {
        let crawl = try CrawlFixture()
        let (count, fewer) = (1_200, 1_190)
        let fixture = try SourceFixture(.flickr, mockOptions: ["--data", try Self.photos(count, in: crawl, name: "p.json")])
        _ = try await fixture.run(fixture.options())
        let before = Set(try fixture.keptIDs())
        try await fixture.mock.configure(["drop_oldest_every": 2])
        let churning = try await fixture.run(fixture.options())
        #expect(churning.status == .completed && churning.unsteadyWindows == 1)
        #expect(churning.withdrawn == 0)
        #expect(Set(try fixture.keptIDs()) == before)
        #expect(Report.text(for: churning).contains("1 changed while read (nothing withdrawn)"))

        // An index that counts 3 photos it does not serve: two equal reads, then withdrawals as usual.
        try await fixture.mock.configure(["drop_oldest_every": 0, "total_extra": 3, "data": try Self.photos(fewer, in: crawl, name: "q.json")])
        try await fixture.mock.resetStats()
        let offCount = try await fixture.run(fixture.options())
        let pages = (fewer + 3 + Self.perPage - 1) / Self.perPage
        #expect(offCount.unsteadyWindows == 0 && offCount.requests == pages * 2, "every page, read twice")
        #expect(offCount.withdrawn == count - fewer)
        #expect(Set(try fixture.keptIDs()).count == fewer)
    }

    @Test("more than 4,000 photos in one second: the first 4,000 listed, nothing withdrawn; an API ignoring upload dates is an error")
    func overfullSecond() async throws {
        let crawl = try CrawlFixture()
        let (under, over) = (Self.reachable - 100, Self.reachable + 100)
        let fixture = try SourceFixture(.flickr, mockOptions: ["--data", try Self.photos(under, at: { _ in 1_600_000_000 }, in: crawl, name: "a.json")])
        let first = try await fixture.run(fixture.options())
        #expect(first.kept == under)
        try await fixture.mock.configure(["data": try Self.photos(over, at: { _ in 1_600_000_000 }, in: crawl, name: "b.json")])
        let second = try await fixture.run(fixture.options())
        #expect(second.status == .completed && second.unreachable == over - Self.reachable && second.withdrawn == 0)
        #expect(try fixture.keptIDs().count >= under)
        #expect(Report.text(for: second).contains("\(over - Self.reachable) photos past the 4,000 of one second (nothing withdrawn)"))

        // A server that ignores min_upload_date: every window would look full; the first second shows it.
        try await fixture.mock.configure(["data": try Self.photos(5_000, in: crawl, name: "c.json"), "ignore_dates": true])
        try await fixture.mock.resetStats()
        await #expect(throws: FlickrLister.ignoresUploadDates(api: fixture.options().api)) { _ = try await fixture.run(fixture.options()) }
        #expect((try await fixture.mock.stats()["search_requests"]?.int ?? .max) < 80)
        let run = try Catalog.open(path: fixture.catalogPath, create: false).database.fetchOne(sql: "SELECT status, withdrawn FROM runs ORDER BY id DESC LIMIT 1")
        #expect(run?.string("status") == "failed" && run?.int("withdrawn") == 0)
    }
}
