import Foundation
import Testing
@testable import CMASource
@testable import ETLCatalog
@testable import ETLCore

/// `etl crawl --source cma`, the real binary, against `scripts/mocks/mock_cma.py`:
/// a collection that changes while listed, with faults; the kept set is the
/// mock's oracle, and a second run withdraws exactly the works that left.
@Suite("CMA through the executable", .serialized)
struct CMACrawlTests {
    @Test("12,000 artworks changing while listed, 5xx, HTML pages, 429: kept == /__expected, few requests; then 1% leave")
    func crawlTwice() async throws {
        let crawl = try CrawlFixture()
        let mock = try SourceMockServer(script: "mock_cma.py", options: [
            "--artworks", "12000", "--seed", "5", "--change-every", "3", "--changes", "3", "--fail-5xx", "0.03",
            "--html200", "0.02", "--rate-429", "0.03", "--retry-after", "0",
        ])
        let crawlArguments = ["crawl", "--source", "cma", "--api", "\(mock.api)/api", "--catalog", crawl.catalogPath,
                              "--out", crawl.pagesPath, "--rate", "unlimited", "--json"]
        let first = try ETLRun.run(crawlArguments)
        #expect(first.exitCode == 0, "\(first.standardError)")
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(first.standardOutput.utf8))
        let expected = try await mock.expected()
        let stats = try await mock.stats()
        print("cma: \(summary.listed ?? 0) listed, kept \(summary.kept), \(summary.listPages ?? 0) pages, \(summary.requests) requests, "
              + "\(summary.retries) retries; mock: \(expected["changes_made"] ?? .null) changes, faults \(stats["faults"] ?? .null)")
        #expect(summary.status == .completed && summary.isListSettled == true && summary.source == .cma)
        #expect(summary.keptDelta == summary.kept, "a first crawl adds every work it keeps, though the listing stored them as it read")
        #expect(expected["changes_made"]?.int == 3, "the collection moved while it was listed")
        let catalog = try Catalog.open(path: crawl.catalogPath, create: false)
        #expect(Set(try catalog.keptIDs()) == Set(expected["kept_ids"]?.ids ?? []))
        #expect(summary.kept == expected["kept"]?.int && (expected["duplicates"]?.int ?? 0) > 0)
        #expect(summary.listed == expected["ids"]?.ids.count)
        // About one request a page: the overlap, each change's few probes, and the faults' retries.
        let pages = summary.listPages ?? 0
        #expect(pages == 12)
        #expect(Double(summary.requests - summary.retries) <= 1.1 * Double(pages) + 20)
        #expect(stats["limits"]?.ids == [CMAListing.limit])
        // No filter: every work's reason is recorded, and each kept one links back.
        let reasons = try catalog.database.fetchAll(sql: "SELECT DISTINCT reason FROM rejections").compactMap { $0.string("reason") }
        #expect(Set(reasons).isSuperset(of: ["not_public_domain", "missing_primaryImage", "duplicate"]))
        let unlinked = try catalog.database.fetchOne(sql: """
            SELECT count(*) AS n FROM works w JOIN cma_artworks a USING (object_id)
             WHERE w.object_url IS NOT a.artwork_url OR w.object_url NOT LIKE 'https://clevelandart.org/art/%'
                OR w.primary_image NOT LIKE '\(mock.api)/images/%_web.jpg' OR a.image_width IS NULL OR w.department IS NULL
            """)?.int("n")
        #expect(unlinked == 0)
        try WorkColumnsTests.checkFields(catalogPath: crawl.catalogPath, source: .cma)
        let sized = try catalog.database.fetchOne(sql: """
            SELECT count(*) AS n FROM works w JOIN cma_artworks a USING (object_id)
             WHERE w.primary_image_width IS NOT a.image_width OR w.primary_image_height IS NOT a.image_height
                OR w.rights IS NOT 'CC0 1.0'
            """)?.int("n")
        #expect(sized == 0, "the picture's size as the museum says it; CC0 for every kept work")

        // 1% leave before the next night; that run moves too.
        try await mock.configure(["leave": 0.01, "changes": 3])
        let listedBefore = Set(try catalog.database.fetchAll(sql: "SELECT object_id FROM objects WHERE is_listed = 1").compactMap { $0.int("object_id") })
        let second = try ETLRun.run(crawlArguments)
        #expect(second.exitCode == 0, "\(second.standardError)")
        let again = try JSONDecoder().decode(CrawlSummary.self, from: Data(second.standardOutput.utf8))
        let now = try await mock.expected()
        let gone = listedBefore.subtracting(now["ids"]?.ids ?? [])
        print("cma second run: \(again.withdrawn) withdrawn, \(now["left_ids"]?.ids.count ?? 0) left, \(again.requests) requests")
        #expect((now["left_ids"]?.ids.count ?? 0) > 0 && Set(now["left_ids"]?.ids ?? []).isSubset(of: gone))
        #expect(again.withdrawn == gone.count)
        let withdrawn = try catalog.database.fetchAll(sql: "SELECT object_id FROM objects WHERE is_listed = 0").compactMap { $0.int("object_id") }
        #expect(Set(withdrawn) == gone)
        #expect(Set(try catalog.keptIDs()) == Set(now["kept_ids"]?.ids ?? []))
    }
}
