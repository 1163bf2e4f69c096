import FetchEngine
import Foundation
@testable import AICSource
@testable import ETLCatalog
@testable import ETLCore
@testable import ETLPipeline
@testable import SourceRegistry

/// A catalog and page folder for an AIC crawl against `scripts/mock_aic.py`.
struct AICFixture {
    let crawl = try! CrawlFixture()
    let mock: SourceMockServer

    init(_ mockOptions: [String] = []) throws {
        mock = try SourceMockServer(script: "mock_aic.py", options: mockOptions)
    }

    var catalogPath: String { crawl.catalogPath }
    var api: String { "\(mock.api)/api/v1" }

    func options() -> CrawlOptions {
        var options = crawl.options(api: api)
        options.source = .aic
        // One request at a time, as AIC asks of scrapers.
        options.pacing.concurrency = 1
        // Any confirmed block costs a minute: the tests assert none.
        options.pacing.cooldown = 60
        return options
    }

    /// The crawl, with no credential: AIC needs none.
    func run(_ options: CrawlOptions) async throws -> CrawlSummary {
        return try await crawl.crawl(options)
    }

    func keptIDs() throws -> [Int] {
        try Catalog.open(path: catalogPath, create: false).keptIDs()
    }
}
