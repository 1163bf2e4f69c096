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

/// `--source tmdb` against the mock: the per-movie rule, the moving list,
/// TMDB's own rate limit, the credential, the nightly withdrawals.
@Suite("TMDB through the pipeline", .serialized)
struct TMDBCrawlTests {
    @Test("40 pages with incomplete movies: exactly the complete ones kept; the whole-page decode's loss is counted")
    func keepsCompleteMovies() async throws {
        let fixture = try SourceFixture(.tmdb, mockOptions: ["--movies", "800", "--seed", "2"])
        let summary = try await fixture.run(fixture.options())
        let expected = try await fixture.mock.expected()
        let complete = expected["complete_ids"]?.ids ?? []
        let pages = try #require(expected["total_pages"]?.int)
        print("tmdb: kept \(summary.kept) of \(complete.count) complete; a whole-page decode loses \(summary[count: TMDBFigure.pagesLostToWholePageDecode] ?? -1) of \(summary.listPages ?? -1) pages; \(summary.requests) requests")
        #expect(summary.status == .completed)
        #expect(Set(try fixture.keptIDs()) == Set(complete))
        #expect(summary.kept == complete.count)
        #expect(summary.listPages == pages && summary.listPasses == 1)
        #expect(summary[count: TMDBFigure.pagesLostToWholePageDecode] == expected["pages_with_incomplete"]?.int)
        // Every page, and page 1 read again.
        #expect(summary.requests == pages + 1)
        let stats = try await fixture.mock.stats()
        #expect(stats["auth"]?["bearer"]?.int == pages + 1 && stats["auth"]?["api_key"]?.int == 0)
        #expect(Report.text(for: summary).contains("a whole-page decode would lose \(summary[count: TMDBFigure.pagesLostToWholePageDecode] ?? -1) of \(pages) pages"))
        // Every kept movie has its poster URL and a link back.
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let missing = try catalog.database.fetchOne(sql: """
            SELECT count(*) AS n FROM works w JOIN tmdb_movies m USING (object_id)
             WHERE w.primary_image NOT LIKE '%/t/p/w500/%' OR m.movie_page_url IS NULL
            """)?.int("n")
        #expect(missing == 0)
        let token = Data(SourceFixture.tmdbToken.utf8)
        #expect(try fixture.writtenBytes().range(of: token) == nil)
    }

    @Test("a list that moves while it is read (movies added and dropped): read until it holds still; exactly today's list kept")
    func shiftingList() async throws {
        let fixture = try SourceFixture(.tmdb, mockOptions: [
            "--movies", "800", "--seed", "2", "--shift-every", "15", "--shift-limit", "3", "--shift-remove",
        ])
        let summary = try await fixture.run(fixture.options())
        let expected = try await fixture.mock.expected()
        let complete = expected["complete_ids"]?.ids ?? []
        let kept = Set(try fixture.keptIDs())
        print("tmdb moving: \(summary.listPasses ?? 0) passes, \(summary.requests) requests, \(expected["inserted"]?.int ?? 0) inserted meanwhile")
        #expect(summary.status == .completed)
        #expect(summary.listPasses == 3 && summary.isListSettled == true)
        #expect(kept == Set(complete), "missed \(Set(complete).subtracting(kept).sorted()), extra \(kept.subtracting(complete).sorted())")
        // The movie that left during the crawl is not on today's pages.
        #expect(Set(try fixture.crawl.pagedIDs()) == Set(complete))
    }

    @Test("a list that never holds still withdraws nothing; the next quiet night does")
    func neverSettles() async throws {
        let fixture = try SourceFixture(.tmdb, mockOptions: ["--movies", "400", "--seed", "3"])
        _ = try await fixture.run(fixture.options())
        let before = Set(try fixture.keptIDs())
        try await fixture.mock.configure(["day": 2, "shift_every": 7])
        var options = fixture.options()
        options.maxWithdrawPercent = 100
        let moving = try await fixture.run(options)
        #expect(moving.status == .completed)
        #expect(moving.listPasses == ListingPager<TMDBLister>.maxReads && moving.isListSettled == false)
        #expect(moving.withdrawn == 0)
        #expect(before.isSubset(of: Set(try fixture.keptIDs())))
        #expect(Report.text(for: moving).contains("still moving: nothing withdrawn"))

        try await fixture.mock.configure(["shift_every": 0])
        let quiet = try await fixture.run(options)
        #expect(quiet.isListSettled == true && quiet.withdrawn > 0)
        #expect(Set(try fixture.keptIDs()) == Set(try await fixture.mock.expected()["complete_ids"]?.ids ?? []))
    }

    @Test("TMDB's 429 with Retry-After is waited out: no block, the list complete, one retry per 429 and none early")
    func rateLimit() async throws {
        // Every fifth request is refused, whatever the pace: a loaded
        // machine's slow client meets the limit as a fast one does.
        let fixture = try SourceFixture(.tmdb, mockOptions: ["--movies", "400", "--limit-every", "5", "--retry-after", "1"])
        var options = fixture.options()
        options.pacing.maxAttempts = 6
        let summary = try await fixture.run(options)
        let stats = try await fixture.mock.stats()
        let limited = stats["rate_limited"]?.int ?? 0
        let answered = stats["page_requests"]?.int ?? 0
        print("tmdb 429: \(limited) answers 429, \(summary.retries) retries, \(summary.requests) requests for \(answered) pages answered")
        #expect(summary.status == .completed)
        #expect(limited > 0 && summary.retries == limited)
        #expect(summary.blocks == 0)
        #expect(Set(try fixture.keptIDs()) == Set(try await fixture.mock.expected()["complete_ids"]?.ids ?? []))
        // Each 429 cost exactly its own retry, and no page was asked again
        // before its Retry-After had passed (the mock's own clock says so).
        #expect(summary.requests == answered + limited)
        #expect(stats["early_retries"]?.int == 0)
    }

    @Test("the next day: movies that left are withdrawn, the pages hold today's list only; an API key works too")
    func nightly() async throws {
        let fixture = try SourceFixture(.tmdb, mockOptions: ["--movies", "400", "--seed", "6"])
        _ = try await fixture.run(fixture.options())
        let dayOne = Set(try await fixture.mock.expected()["complete_ids"]?.ids ?? [])
        try await fixture.mock.configure(["day": 2])
        let dayTwoList = try await fixture.mock.expected()
        let dayTwo = Set(dayTwoList["complete_ids"]?.ids ?? [])
        let left = Set(try await Self.allIDs(fixture, day: 1)).subtracting(dayTwoList["all_ids"]?.ids ?? [])
        var options = fixture.options()
        options.maxWithdrawPercent = 100
        let summary = try await fixture.run(options, environment: ["TMDB_API_KEY": SourceFixture.tmdbKey])
        print("tmdb day 2: \(summary.withdrawn) withdrawn, kept \(summary.kept) (\(summary.keptDelta)), \(dayOne.subtracting(dayTwo).count) complete movies left")
        #expect(summary.status == .completed)
        #expect(summary.withdrawn == left.count && left.count > 0)
        #expect(Set(try fixture.keptIDs()) == dayTwo)
        #expect(Set(try fixture.crawl.pagedIDs()) == dayTwo)
        let stats = try await fixture.mock.stats()
        #expect((stats["auth"]?["api_key"]?.int ?? 0) > 0)
        #expect(try fixture.writtenBytes().range(of: Data(SourceFixture.tmdbKey.utf8)) == nil)

        // TMDB's default limit (50%) refuses a list that replaced nearly everything.
        try await fixture.mock.configure(["day": 5, "turnover": 0.5])
        let before = try fixture.crawl.pageBytes()
        var guarded = fixture.options()
        guarded.maxWithdrawPercent = try #require(TMDBSource.name.defaultMaxWithdrawPercent)
        await #expect(throws: CrawlError.self) { _ = try await fixture.run(guarded) }
        #expect(try fixture.crawl.pageBytes() == before)
    }

    @Test("TMDB's cache repeats a movie on the next page: the count never adds up, two equal passes settle it")
    func cachedDuplicates() async throws {
        let fixture = try SourceFixture(.tmdb, mockOptions: ["--movies", "400", "--seed", "4", "--duplicate-every", "5"])
        let summary = try await fixture.run(fixture.options())
        let expected = try await fixture.mock.expected()
        let all = expected["all_ids"]?.ids ?? []
        // Pages 5, 10, 15, 20 show the previous page's last movie instead of their first.
        let hidden = Set([5, 10, 15, 20].map { all[($0 - 1) * 20] })
        let served = Set(expected["complete_ids"]?.ids ?? []).subtracting(hidden)
        #expect(summary.listPasses == 2 && summary.isListSettled == true)
        #expect(Set(try fixture.keptIDs()) == served)
    }

    @Test("a list longer than 500 pages is read once, to page 500, and withdraws nothing")
    func overLongList() async throws {
        let fixture = try SourceFixture(.tmdb, mockOptions: ["--movies", "10100", "--seed", "5"])
        let first = try await fixture.run(fixture.options())
        let expected = try await fixture.mock.expected()
        let pages = try #require(expected["total_pages"]?.int)
        let served = 500  // TMDB answers pages 1...500 only (the mock too: page 501 is error 22)
        #expect(pages > served)
        #expect(first.listPages == pages && first.listPasses == 1 && first.requests == served)
        // The movies past page 500, as the pager counts them from the list's total.
        #expect(first.unreachable == (try #require(expected["total_results"]?.int)) - served * TMDBLister.perPage)
        #expect(first.kept > 0 && Report.text(for: first).contains("TMDB serves \(served) of them: nothing withdrawn"))
        try await fixture.mock.configure(["day": 2])
        var options = fixture.options()
        options.maxWithdrawPercent = 100
        let second = try await fixture.run(options)
        #expect(second.withdrawn == 0)
    }

    /// Day 1's whole list, read back from the mock.
    static func allIDs(_ fixture: SourceFixture, day: Int) async throws -> [Int] {
        try await fixture.mock.configure(["day": day])
        let ids = try await fixture.mock.expected()["all_ids"]?.ids ?? []
        try await fixture.mock.configure(["day": 2])
        return ids
    }
}
