import Foundation
import Store
import Testing
@testable import AICSource
@testable import ETLCatalog
@testable import ETLCore

/// Issue 29 (hostile input, round 4), items 2, 17, 21 and 22, through the
/// real binary against `scripts/mocks/mock_aic.py`: the largest ID there can be,
/// picture IDs that climb out of the IIIF prefix or hide a NUL, and a
/// server that asks for days.
@Suite("AIC hostile answers through the executable", .serialized)
struct AICHostileTests {
    /// An artwork the rule keeps, with `id` (a number or a string) and `imageID`.
    static func artwork(_ id: Any, imageID: String = "img") -> [String: Any] {
        ["id": id, "title": "Study \(id)", "artist_display": "Artist \(id)", "date_display": "1890",
         "classification_title": "drawing", "is_public_domain": true, "image_id": imageID,
         "updated_at": "2026-11-30T12:00:00-06:00"]
    }

    static func write(_ list: [[String: Any]], in crawl: CrawlFixture) throws -> String {
        let path = crawl.path("artworks.json")
        try JSONSerialization.data(withJSONObject: list).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func crawl(_ mock: SourceMockServer, _ crawl: CrawlFixture, _ extra: [String] = []) async throws -> ETLRun {
        try await ETLRun.runOffPool([
            "crawl", "--source", "aic", "--api", "\(mock.api)/api/v1", "--catalog", crawl.catalogPath,
            "--out", crawl.pagesPath, "--rate", "unlimited",
        ] + extra)
    }

    /// The first line of `text` without the reporter's `[timestamp] ` prefix.
    static func firstLine(_ text: String) -> String {
        let line = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        guard line.hasPrefix("["), let end = line.firstIndex(of: "]") else { return line }
        return String(line[line.index(end, offsetBy: 2)...])
    }

    @Test("an id of 2^63−1, as a number and as a string, in a window that is not the last: no trap, the run completes")
    func largestID() async throws {
        let crawl = try CrawlFixture()
        // The search serves 100 results: the first window holds 50 artworks
        // and 50 answers of the largest ID, and 10 more lie past it.
        let largest = Int64.max
        let list = (1...50).map { Self.artwork($0, imageID: "img-\($0)") }
            + (0..<60).map { Self.artwork($0 % 2 == 0 ? largest as Any : String(largest) as Any, imageID: "top-\($0)") }
        let mock = try SourceMockServer(script: "mock_aic.py", options: ["--data", try Self.write(list, in: crawl), "--depth", "100"])
        let run = try await Self.crawl(mock, crawl)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("Fatal error"))
        let catalog = try Catalog.open(path: crawl.catalogPath, create: false)
        let row = try #require(try catalog.database.fetchOne(sql: "SELECT status, listed, withdrawn FROM runs ORDER BY id DESC LIMIT 1"))
        #expect(row.string("status") == "completed" && row.int("withdrawn") == 0)
        // Each ID once: the 50 and the largest, whose later answers replaced the earlier.
        #expect(row.int("listed") == 51)
        let ids = try catalog.database.fetchAll(sql: "SELECT object_id FROM objects ORDER BY object_id").compactMap { $0.int("object_id") }
        #expect(ids == Array(1...50) + [Int.max])
    }

    @Test("an image_id of '..', '.', or with a NUL or another control character is no picture: missing_primaryImage, no URL")
    func imageIDsOutsideThePrefix() async throws {
        let crawl = try CrawlFixture()
        let hostile = ["..", ".", "x\u{0}y", "a\u{1B}[31mb", "x\u{85}y"]
        let list = hostile.enumerated().map { Self.artwork($0.offset + 1, imageID: $0.element) }
            + [Self.artwork(10, imageID: "a/../b"), Self.artwork(11, imageID: "ok-11")]
        let mock = try SourceMockServer(script: "mock_aic.py", options: ["--data", try Self.write(list, in: crawl)])
        let run = try await Self.crawl(mock, crawl)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let catalog = try Catalog.open(path: crawl.catalogPath, create: false)
        for id in 1...hostile.count {
            let row = try #require(try catalog.database.fetchOne(sql: """
                SELECT o.primary_image, o.is_complete, s.image_id,
                       (SELECT group_concat(reason) FROM object_reasons r WHERE r.object_id = o.object_id) AS reasons
                  FROM objects o JOIN aic_artworks s USING (object_id) WHERE o.object_id = ?
                """, arguments: [.integer(Int64(id))]))
            #expect(row.string("primary_image") == nil && row.int("is_complete") == 0, "\(hostile[id - 1].debugDescription)")
            #expect(row.string("reasons") == "missing_primaryImage" && row.string("image_id") == nil, "\(hostile[id - 1].debugDescription)")
        }
        // A slash is part of one segment, encoded: the URL stays under the prefix.
        let urls = try catalog.database.fetchAll(sql: "SELECT object_id, primary_image FROM objects WHERE primary_image IS NOT NULL ORDER BY object_id")
        #expect(urls.map { $0.string("primary_image") } == [
            "\(mock.api)/iiif/2/a%2F..%2Fb/full/843,/0/default.jpg", "\(mock.api)/iiif/2/ok-11/full/843,/0/default.jpg",
        ])
    }

    @Test("429 with Retry-After: 999999 on every answer: said once when met, one capped wait, then the listing fails (exit 1, as any listing that fails)")
    func retryAfterOfDays() async throws {
        let crawl = try CrawlFixture()
        let mock = try SourceMockServer(script: "mock_aic.py", options: ["--artworks", "50", "--rate-429", "1", "--retry-after", "999999"])
        // Ten cooldowns of one second: the longest wait honoured, once a run.
        let run = try await Self.crawl(mock, crawl, ["--cooldown", "1"])
        #expect(run.exitCode == 1, "\(run.standardError)")
        #expect(Self.firstLine(run.standardError)
            == "the server asked to wait 11d13h (Retry-After); etl waits 10.0s, and no longer in all for such asks this run")
        #expect(run.standardError.components(separatedBy: "asked to wait").count == 3, "said once, and once in the error")
        let stats = try await mock.stats()
        #expect(stats["requests"]?.int == 2, "one attempt, one after the capped wait, then given up")
        let catalog = try Catalog.open(path: crawl.catalogPath, create: false)
        let row = try #require(try catalog.database.fetchOne(sql: "SELECT status, error FROM runs ORDER BY id DESC LIMIT 1"))
        #expect(row.string("status") == "failed")
        #expect(row.string("error")?.contains("the server asked to wait 999999 s (Retry-After), longer than this run waits; run again later") == true)
    }
}
