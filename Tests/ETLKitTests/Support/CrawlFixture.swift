import Foundation
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

/// A catalog and page folder in a fresh temporary folder, crawled against a mock.
final class CrawlFixture {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("etl-crawl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    var catalogPath: String { path("catalog.sqlite") }
    var pagesPath: String { path("pages") }

    /// Options for a fast crawl of `api` into this fixture.
    func options(api: String) -> CrawlOptions {
        var options = CrawlOptions()
        options.api = api
        options.catalogPath = catalogPath
        options.outDirectory = pagesPath
        options.pacing.rate = .unlimited
        options.pacing.concurrency = 8
        options.pacing.cooldown = 0.2
        options.pacing.timeout = 5
        // Retries are counted, not timed: 50 ms backoff, not 500.
        options.backoff = Backoff(base: 0.05, cap: 1)
        return options
    }

    func crawl(
        _ options: CrawlOptions, stop: StopSignal = StopSignal(), reporter: any CrawlReporter = SilentReporter()
    ) async throws -> CrawlSummary {
        let client = try CurlClient(configuration: .init(userAgent: "etl-tests", timeout: options.pacing.timeout))
        return try await Crawler(options: options, client: client, reporter: reporter, stop: stop).run()
    }

    /// The page files' bytes, `1.txt` first.
    func pageBytes(in folder: String? = nil, count: Int = 30) throws -> [Data] {
        try (1...count).map { try Data(contentsOf: URL(fileURLWithPath: "\(folder ?? pagesPath)/\($0).txt")) }
    }

    /// The IDs on the pages, in page and line order.
    func pagedIDs(in folder: String? = nil, count: Int = 30) throws -> [Int] {
        try pageBytes(in: folder, count: count).flatMap { data in
            String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        }
    }

    /// Runs `scripts/fixtures/make_sample.py` and returns its summary.
    func generateSample(count: Int, seed: Int, name: String = "objects.jsonl") throws -> (data: String, summary: SampleSummary) {
        let data = path(name)
        let summary = path(name + ".summary.json")
        try runPython(["scripts/fixtures/make_sample.py", "--count", "\(count)", "--seed", "\(seed)", "--out", data, "--summary", summary])
        return (data, try JSONDecoder().decode(SampleSummary.self, from: Data(contentsOf: URL(fileURLWithPath: summary))))
    }

    /// The generator's rule applied to records it did not write
    /// (`make_sample.py --summarize`): their counts from a reference, not by hand.
    func summarize(_ data: String) throws -> SampleSummary {
        let summary = path("summarized.\(UUID().uuidString).json")
        try runPython(["scripts/fixtures/make_sample.py", "--summarize", data, "--summary", summary])
        return try JSONDecoder().decode(SampleSummary.self, from: Data(contentsOf: URL(fileURLWithPath: summary)))
    }

    func runPython(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = TestPaths.packageRoot
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw MockServerError.didNotStart }
    }
}

/// What `make_sample.py --summary` knows about the records it wrote.
struct SampleSummary: Decodable {
    var lines: Int
    var valid: Int
    var not_valid: Int
    var complete: Int
    var kept: Int
    var kept_ids: [Int]

    /// Every record of the sample: the mock lists them all; the valid ones
    /// answer, the rest are 404 "Not a valid object".
    var listed: Int { valid + not_valid }

    /// The summary of the committed `data/sample/objects.jsonl`, made by
    /// regenerating it with the seed its README names: tests count from the
    /// generator, not from numbers copied by hand.
    static let committedSample: SampleSummary = {
        do {
            let fixture = try CrawlFixture()
            let generated = try fixture.generateSample(count: 300, seed: 7)
            let committed = try Data(contentsOf: URL(fileURLWithPath: TestPaths.sample("objects.jsonl")))
            let regenerated = try Data(contentsOf: URL(fileURLWithPath: generated.data))
            precondition(regenerated == committed,
                         "data/sample/objects.jsonl is not make_sample.py --count 300 --seed 7")
            return generated.summary
        } catch {
            preconditionFailure("cannot regenerate the sample: \(error)")
        }
    }()
}
