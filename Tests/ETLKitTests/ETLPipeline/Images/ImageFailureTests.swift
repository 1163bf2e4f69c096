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

/// Each way a picture can fail, recorded; skipped until `--retry-failed`;
/// left out by `etl pages --require-image`.
@Suite("etl images: failures", .serialized)
struct ImageFailureTests {
    static let faults = [
        "--image-404", "0.08", "--image-html200", "0.08", "--image-truncate", "0.08",
        "--image-slow", "0.08", "--slow-ms", "1500", "--seed", "11",
    ]

    @Test("one answer each: every fault kind is recorded as what the mock did; pages --require-image leave out exactly those")
    func eachKindRecorded() async throws {
        let fixture = try await ImageFixture(mockOptions: Self.faults)
        // Four connections at most: the mock listens with a backlog of 5, and a
        // burst of more new connections can lose a SYN, whose 1 s retransmit
        // would add a timeout the mock did not cause. A 1 s timeout, under the
        // mock's 1.5 s slow answers: with 0.3 s a loaded machine turned
        // answers the mock served whole (or truncated) into timeouts.
        let summary = try await fixture.images { $0.pacing.maxAttempts = 1; $0.pacing.timeout = 1; $0.pacing.concurrency = 4 }
        let failures = try fixture.failures()
        let stats = try await fixture.mock.stats()
        print("one attempt each: \(summary.downloaded) downloaded, failures \(summary.failures), mock faults \(stats.faults)")
        #expect(summary.status == .completed)
        // Each picture is asked once; a probe (three pages in a row open a
        // suspicion, which one known-good URL asked again settles) may draw a
        // fault of its own, so the items' failures match their first answers.
        #expect(failures["status"]?.count == stats.first_faults["image_404"])
        #expect(failures["not_an_image"]?.count == stats.first_faults["html200"])
        #expect(failures["truncated"]?.count == stats.first_faults["truncate"])
        #expect(failures["timeout"]?.count == stats.first_faults["slow"])
        for kind in ["status", "not_an_image", "truncated", "timeout"] {
            #expect((failures[kind]?.count ?? 0) > 0, "no \(kind) failure: pick another seed")
        }
        #expect(summary.failed == failures.values.map(\.count).reduce(0, +))
        #expect(summary.downloaded + summary.failed == SampleSummary.committedSample.kept)
        // Lone pages while other pictures arrive are the pictures' problem:
        // nothing cools down unless a probe itself drew a page (then that
        // suspicion is confirmed, the documented cost of a page-shaped block).
        let probePages = (stats.faults["html200"] ?? 0) - (stats.first_faults["html200"] ?? 0)
        #expect(summary.blocks == probePages)
        #expect(summary.noise + summary.blocks == stats.first_faults["html200"])
        #expect(summary.requests == stats.image_requests)
        let rows = try fixture.rows()
        for id in failures["status"] ?? [] {
            #expect(rows[id]?.int("http_status") == 404)
            #expect(rows[id]?.string("error") == "HTTP 404")
        }
        for id in failures["not_an_image"] ?? [] {
            #expect(rows[id]?.string("content_type") == "text/html")
            #expect(rows[id]?.string("error")?.contains("HTML page") == true)
        }
        for id in failures["timeout"] ?? [] {
            #expect(rows[id]?.string("error")?.contains("timed out") == true)
        }
        // Failed rows hold no file, and no file is left for them.
        for row in rows.values where row.string("state") == "failed" {
            #expect(row["file"] == .null && row["sha256"] == .null)
        }
        try fixture.verifyFolderMatchesRows()

        // Not retried by a plain rerun: no request at all.
        try await fixture.mock.resetStats()
        let rerun = try await fixture.images { $0.pacing.maxAttempts = 1; $0.pacing.timeout = 1 }
        #expect(rerun.skippedFailed == summary.failed)
        #expect(rerun.requests == 0)
        #expect(try await fixture.imageRequests() == 0)

        // Pages that require a picture leave out exactly the failed works.
        let allFailed = failures.values.reduce(into: Set<Int>()) { $0.formUnion($1) }
        let before = try fixture.pagedIDs()
        let run = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", fixture.crawl.pagesPath, "--require-image"])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.contains("\(allFailed.count) left out without a verified image"))
        let after = try fixture.pagedIDs()
        #expect(Set(before).subtracting(after) == allFailed)
        #expect(Set(after) == Set(before).subtracting(allFailed))
        let status = try ETLRun.run(["status", "--catalog", fixture.catalogPath, "--json"])
        let coverage = try JSONDecoder().decode(CatalogStatus.self, from: Data(status.standardOutput.utf8)).images
        #expect(coverage.paged == after.count)
        #expect(coverage.pagedVerified == after.count)
        #expect(coverage.failed == allFailed.count)

        // --retry-failed tries them again; with the faults gone they all arrive.
        try await fixture.mock.configure(["image_404": 0, "image_html200": 0, "image_truncate": 0, "image_slow": 0])
        try await fixture.mock.resetStats()
        let retried = try await fixture.images { $0.retryFailed = true }
        #expect(retried.downloaded == allFailed.count)
        #expect(try await fixture.imageRequests() == allFailed.count)
        #expect(try fixture.failures().isEmpty)
        #expect(try fixture.verifyFolderMatchesRows() == SampleSummary.committedSample.kept)
        _ = try ETLRun.run(["pages", "--catalog", fixture.catalogPath, "--out", fixture.crawl.pagesPath, "--require-image"])
        #expect(Set(try fixture.pagedIDs()) == Set(before))
    }

    @Test("persistent faults are retried up to --max-attempts, then fail; blocks cool down and do not loop for ever",
          arguments: [
            (["--image-truncate", "1"], "truncated"), (["--image-html200", "1"], "blocked"),
            (["--image-slow", "1", "--slow-ms", "1500"], "timeout"), (["--image-404", "1"], "status"),
          ])
    func persistentFaults(mockOptions: [String], kind: String) async throws {
        let data = try ImageFixture.sampleSubset(lines: 60)
        let fixture = try await ImageFixture(data: data.path, mockOptions: mockOptions, layout: PageLayout(pageCount: 1, pageSize: 4))
        let kept = try fixture.catalog().keptIDs().count
        let summary = try await fixture.images { $0.pacing.maxAttempts = 3; $0.pacing.timeout = 0.3 }
        let attempts = kind == "status" ? 1 : 3
        #expect(summary.status == .completed)
        #expect(summary.downloaded == 0)
        // Each failure makes room for the next work: every kept work is tried.
        let rows = try fixture.rows()
        #expect(rows.count == kept)
        if kind == "blocked" {
            // Every picture is a page and none ever arrives. The first two pages
            // are, as far as anyone can tell, those pictures' own problem; the
            // third in a row opens a suspicion, the probe confirms a block, and
            // from then on each work is given up after 2 × --max-attempts
            // refusals plus the probes it sent.
            #expect(summary.failures == ["not_an_image": 2, kind: kept - 2])
            #expect(summary.blocks > 0)
            let blocked = rows.values.filter { $0.string("failure") == kind }
            #expect(blocked.allSatisfy { (6...12).contains($0.int("attempts") ?? 0) })
            #expect(summary.requests <= kept * 12)
        } else {
            #expect(summary.failures == [kind: kept])
            #expect(summary.requests == kept * attempts)
            #expect(try await fixture.imageRequests() == kept * attempts)
            #expect(rows.values.allSatisfy { $0.int("attempts") == attempts && $0.string("failure") == kind })
        }
        if kind == "truncated" || kind == "timeout" { #expect(summary.retries == kept * 2) }
        #expect(try fixture.files() == [])
        withExtendedLifetime(data) {}
    }
}
