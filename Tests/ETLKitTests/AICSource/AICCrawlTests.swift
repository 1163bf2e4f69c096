import FetchEngine
import Foundation
import Testing
@testable import AICSource
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPipeline
@testable import SourceRegistry

/// `--source aic` against the mock: windows within the 10,000-result
/// depth, the rule and duplicates as the oracle says, a collection that
/// moves while read, withdrawals and their guard, throttling.
@Suite("AIC through the pipeline", .serialized)
struct AICCrawlTests {
    @Test("20,500 artworks: three windows, never a page past the depth, the kept set exactly as /__expected says")
    func wholeCollection() async throws {
        let fixture = try AICFixture(["--artworks", "20500", "--seed", "3"])
        let summary = try await fixture.run(fixture.options())
        let expected = try await fixture.mock.expected()
        let stats = try await fixture.mock.stats()
        print("aic: \(summary.listed ?? 0) listed, kept \(summary.kept), \(summary.windows ?? 0) windows, \(summary.requests) requests; mock max result \(stats["max_result_end"]?.int ?? -1)")
        #expect(summary.status == .completed)
        #expect(Set(try fixture.keptIDs()) == Set(expected["kept_ids"]?.ids ?? []))
        #expect(summary.kept == expected["kept"]?.int)
        #expect((expected["duplicates"]?.int ?? 0) > 0, "the mock repeats some artists and titles")
        let total = expected["total"]?.int ?? 0
        #expect(summary.listed == expected["with_id"]?.int && total == 20_500)
        // Never past the depth, and about one request per 100 artworks.
        #expect(stats["depth_errors"]?.int == 0)
        #expect((stats["max_result_end"]?.int ?? .max) <= AICLister.depth)
        let windows = summary.windows ?? 0
        #expect(windows == (total + AICLister.depth - 1) / AICLister.depth)
        #expect(Double(summary.requests) <= 1.05 * Double(total) / 100 + Double(windows))
        #expect(summary.unsteadyWindows == 0 && summary.blocks == 0 && summary.refusals == 0)

        // Every stored artwork is kept or has its reasons; duplicates are the oracle's.
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let rejected = try catalog.database.fetchAll(sql: "SELECT reason, count(*) AS n FROM rejections GROUP BY reason")
        let byReason = Dictionary(uniqueKeysWithValues: rejected.compactMap { row in row.string("reason").map { ($0, row.int("n") ?? 0) } })
        #expect(byReason["duplicate"] == expected["duplicates"]?.int)
        #expect(Set(byReason.keys).isSubset(of: [
            "duplicate", "not_public_domain", "missing_primaryImage", "missing_title", "missing_artistDisplayName",
            "missing_objectDate", "missing_classification", "invalid_id",
        ]))
        // Attribution: a link back and the museum's own columns on every kept work.
        let unlinked = try catalog.database.fetchOne(sql: """
            SELECT count(*) AS n FROM works w JOIN aic_artworks a USING (object_id)
             WHERE a.artwork_url IS NOT w.object_url OR w.object_url NOT LIKE 'https://www.artic.edu/artworks/%'
                OR w.primary_image NOT LIKE '\(fixture.mock.api)/iiif/2/%/full/843,/0/default.jpg' OR w.image_id IS NULL
            """)?.int("n")
        #expect(unlinked == 0)
        #expect(try catalog.recordedSource() == .aic)
        // description is CC BY, not CC0: never asked for, never stored.
        let described = try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM objects_raw WHERE raw_json LIKE '%description%'")?.int("n")
        #expect(described == 0)

        // The next night, unchanged: the same pages, nothing withdrawn.
        let pages = try fixture.crawl.pageBytes()
        let again = try await fixture.run(fixture.options())
        #expect(again.withdrawn == 0 && again.keptDelta == 0 && again.pageLinesChanged == 0)
        #expect(try fixture.crawl.pageBytes() == pages)
    }

    @Test("an API serving fewer than 10,000 results a query: one refused page, then windows that fit; the same kept set")
    func shallowerDepth() async throws {
        let fixture = try AICFixture(["--artworks", "4000", "--seed", "4", "--depth", "1000"])
        let summary = try await fixture.run(fixture.options())
        let stats = try await fixture.mock.stats()
        #expect(summary.status == .completed)
        #expect(stats["depth_errors"]?.int == 1, "the depth is learnt once")
        #expect(Set(try fixture.keptIDs()) == Set(try await fixture.mock.expected()["kept_ids"]?.ids ?? []))
        #expect(summary.windows == 4)
        #expect(summary.requests == 40 + 1)
    }

    @Test("the lowest artwork deleted after page 1: the window is read again, nothing missed; a collection that keeps changing withdraws nothing")
    func changesWhileListed() async throws {
        let crawl = try CrawlFixture()
        let data = try AICFixture.artworks(1_200, in: crawl, name: "a.json")
        let fixture = try AICFixture(["--data", data])
        _ = try await fixture.run(fixture.options())
        #expect(try fixture.keptIDs().count == 1_200)
        try await fixture.mock.configure(["drop_lowest_every": 1, "drop_limit": 1])
        try await fixture.mock.resetStats()
        let summary = try await fixture.run(fixture.options())
        let kept = Set(try fixture.keptIDs())
        #expect(summary.status == .completed && summary.unsteadyWindows == 0)
        #expect(summary.requests == 24, "twelve pages, read twice")
        #expect(!kept.contains(1) && kept.contains(101), "the deleted artwork withdrawn; the one that moved onto page 1 still listed")
        #expect(kept.count == 1_199 && summary.withdrawn == 1)

        try await fixture.mock.configure(["drop_lowest_every": 2, "drop_limit": 0])
        let churning = try await fixture.run(fixture.options())
        #expect(churning.status == .completed && churning.unsteadyWindows == 1 && churning.withdrawn == 0)
        #expect(Set(try fixture.keptIDs()) == kept)
        #expect(Report.text(for: churning).contains("aic: 1 id window of at most 10,000 artworks, 1 changed while read (nothing withdrawn)"))
    }

    @Test("nightly withdrawals within --max-withdraw; more is refused with nothing changed, then allowed by --max-withdraw 100%")
    func withdrawals() async throws {
        let fixture = try AICFixture(["--artworks", "2000", "--seed", "5"])
        _ = try await fixture.run(fixture.options())
        try await fixture.mock.configure(["artworks": 1_900])
        let night = try await fixture.run(fixture.options())
        #expect(night.withdrawn == 100)
        let kept = Set(try fixture.keptIDs())
        #expect(kept == Set(try await fixture.mock.expected()["kept_ids"]?.ids ?? []))

        try await fixture.mock.configure(["artworks": 1_000])
        let options = fixture.options()
        await #expect(throws: CrawlError.tooManyWithdrawn(url: options.api, withdrawn: 900, listed: 1_900, limit: "10%")) {
            _ = try await fixture.run(options)
        }
        #expect(Set(try fixture.keptIDs()) == kept)
        var allowed = fixture.options()
        allowed.maxWithdrawPercent = 100
        let forced = try await fixture.run(allowed)
        #expect(forced.withdrawn == 900)
        #expect(Set(try fixture.keptIDs()) == Set(try await fixture.mock.expected()["kept_ids"]?.ids ?? []))
    }

    @Test("429 with and without Retry-After, HTML error pages, resets: retried, the same kept set as a clean run, no block")
    func throttlingAndFaults() async throws {
        let fixture = try AICFixture([
            "--artworks", "3000", "--seed", "6", "--rate-429", "0.1", "--rate-429-bare", "0.1", "--retry-after", "1",
            "--fail-5xx", "0.08", "--reset", "0.04",
        ])
        var options = fixture.options()
        options.pacing.maxAttempts = 10
        let summary = try await fixture.run(options)
        let faults = try await fixture.mock.stats()["faults"]
        let answered = ["rate_429", "rate_429_bare", "5xx"].reduce(0) { $0 + (faults?[$1]?.int ?? 0) }
        print("aic faults: \(faults ?? .null); \(summary.requests) requests, \(summary.retries) retries, blocks \(summary.blocks)")
        #expect(summary.status == .completed)
        #expect((faults?["rate_429"]?.int ?? 0) > 0 && (faults?["rate_429_bare"]?.int ?? 0) > 0 && (faults?["5xx"]?.int ?? 0) > 0)
        // Every answered fault is one retry; a reset may be retried by libcurl itself.
        #expect(summary.retries >= answered && summary.retries <= answered + (faults?["reset"]?.int ?? 0))
        #expect(summary.blocks == 0)
        #expect(Set(try fixture.keptIDs()) == Set(try await fixture.mock.expected()["kept_ids"]?.ids ?? []))
    }
}

extension AICFixture {
    /// A JSON list of `count` complete artworks with IDs 1, 2, …, for mock_aic.py's --data.
    static func artworks(_ count: Int, in crawl: CrawlFixture, name: String) throws -> String {
        let list = (1...count).map { i in
            ["id": i, "title": "Study \(i)", "artist_display": "Artist \(i % 97)", "date_display": "1890",
             "classification_title": "drawing", "is_public_domain": true, "image_id": "img-\(i)",
             "updated_at": "2026-11-30T12:00:00-06:00"] as [String: any Sendable]
        }
        let path = crawl.path(name)
        try JSONSerialization.data(withJSONObject: list).write(to: URL(fileURLWithPath: path))
        return path
    }
}
