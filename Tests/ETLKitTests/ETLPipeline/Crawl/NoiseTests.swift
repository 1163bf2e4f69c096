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

/// Lone odd answers are not blocks: a broken record is that object's
/// failure, a lone HTML page costs that object one attempt, and nothing
/// cools down. Every crawl here runs with a 120 s cooldown, so one mistaken
/// block would make it last two minutes; the summary's block count says so
/// without timing the run (a loaded machine made a time bound flaky), and
/// the test's own time shows it in the log.
@Suite("Noise is not a block", .serialized)
struct NoiseTests {
    static let cooldown = 120.0

    static func record(_ id: Int, rawBody: [UInt8]) -> String {
        let hex = rawBody.map { String(format: "%02x", $0) }.joined()
        return "{\"objectID\": \(id), \"_rawBodyHex\": \"\(hex)\"}"
    }

    static let broken: [(id: Int, body: [UInt8], error: String)] = [
        (9_000_001, [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D], "HTTP 200: body is not UTF-8 (bad byte at offset 6)"),
        (9_000_002, Array("{\"title\":\"a\u{0}b\"}".utf8), "HTTP 200: body is not JSON (raw control character U+0 in a string at offset 11)"),
        (9_000_003, Array(#"{"objectID":9000003,"title":"\ud800"}"#.utf8), "HTTP 200: body is not JSON (unpaired surrogate escape at offset 35)"),
        (9_000_004, Array(String(repeating: "[", count: 100_000).utf8), "HTTP 200: body is nested more than 512 levels deep"),
        (9_000_005, [], "HTTP 200: empty body"),
    ]

    @Test("each broken record fails alone with what was wrong; the crawl never pauses")
    func brokenRecords() async throws {
        let fixture = try CrawlFixture()
        let good = try String(contentsOfFile: TestPaths.sample("objects.jsonl"), encoding: .utf8)
            .split(separator: "\n").prefix(40).joined(separator: "\n")
        let data = good + "\n" + Self.broken.map { Self.record($0.id, rawBody: $0.body) }.joined(separator: "\n") + "\n"
        try data.write(toFile: fixture.path("broken.jsonl"), atomically: true, encoding: .utf8)
        let mock = try MockServer(data: fixture.path("broken.jsonl"))
        var options = fixture.options(api: mock.api)
        options.pacing.cooldown = Self.cooldown
        let start = ContinuousClock.now
        let summary = try await fixture.crawl(options)
        let elapsed = (ContinuousClock.now - start).inSeconds
        print("broken records: \(summary.requests) requests in \(elapsed) s, failed \(summary.failed), blocks \(summary.blocks)")
        #expect(summary.status == .completed)
        #expect(summary.blocks == 0 && summary.refusals == 0)
        #expect(summary.failed == Self.broken.count)
        #expect(summary.requests == 40 + Self.broken.count + 1, "one request each, and the listing")
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        for broken in Self.broken {
            let row = try #require(try catalog.objectRow(broken.id))
            #expect(row.string("state") == "failed")
            #expect(row.string("error") == broken.error)
        }
        // Failed objects are fetched again next run.
        #expect(Set(try catalog.queuedIDs()) == Set(Self.broken.map(\.id)))
    }

    @Test("lone HTML pages (2%) cost their objects an attempt each, and no cooldown")
    func loneHTMLPages() async throws {
        let fixture = try CrawlFixture()
        let data = TestPaths.sample("objects.jsonl")
        let mock = try MockServer(data: data, options: ["--seed", "5", "--html200", "0.02"])
        var options = fixture.options(api: mock.api)
        options.pacing.cooldown = Self.cooldown
        options.pacing.rate = .auto
        options.pacing.rateStart = 50
        options.pacing.rateMax = 400
        let start = ContinuousClock.now
        let summary = try await fixture.crawl(options)
        let elapsed = (ContinuousClock.now - start).inSeconds
        let stats = try await mock.stats()
        print("lone pages: \(stats.faults["html200"] ?? 0) pages, \(summary.requests) requests in \(elapsed) s, noise \(summary.noise)")
        #expect((stats.faults["html200"] ?? 0) > 0, "pick another seed")
        #expect(summary.blocks == 0)
        #expect(summary.refusals == stats.faults["html200"])
        #expect(summary.noise == stats.faults["html200"])
        #expect(summary.failed == 0, "each object's retry answered")
        #expect(summary.status == .completed)
    }

    @Test("a Retry-After of 31 years is capped at ten cooldowns and never past --max-duration")
    func hugeRetryAfter() async throws {
        let fixture = try CrawlFixture()
        try "1000\n".write(toFile: fixture.path("ids.txt"), atomically: true, encoding: .utf8)
        let mock = try MockServer(data: TestPaths.sample("objects.jsonl"), options: [
            "--fail-5xx", "1", "--retry-after", "999999999", "--seed", "2",
        ])
        var options = fixture.options(api: mock.api)
        options.idsFile = fixture.path("ids.txt")
        options.pacing.cooldown = 0.1
        options.pacing.maxDuration = 2
        let reporter = RecordingReporter()
        let summary = try await fixture.crawl(options, reporter: reporter)
        #expect(summary.status == .budgetReached)
        let capped = reporter.recorded.compactMap { event -> Double? in
            if case .pacer(.cappedRetryAfter(999_999_999, let waited)) = event { return waited }
            return nil
        }
        #expect(capped.count == 1)
        #expect((capped.first ?? 99) <= 2)
    }
}
