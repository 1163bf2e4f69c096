import FetchEngine
import Foundation
@testable import AICSource
@testable import ETLCatalog
@testable import ETLCore
@testable import ETLPipeline
@testable import SourceRegistry

/// A catalog and page folder for an AIC crawl against `scripts/mocks/mock_aic.py`.
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

    /// The crawl as `etl crawl` runs it: no credential, the source's headers.
    func run(_ options: CrawlOptions) async throws -> CrawlSummary {
        var configuration = CurlClient.Configuration(userAgent: "etl-tests", timeout: options.pacing.timeout)
        configuration.headers = AICSource().headers(for: options)
        return try await Crawler(options: options, client: try CurlClient(configuration: configuration)).run()
    }

    func keptIDs() throws -> [Int] {
        try Catalog.open(path: catalogPath, create: false).keptIDs()
    }
}
