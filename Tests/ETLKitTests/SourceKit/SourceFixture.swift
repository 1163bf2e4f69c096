import FetchEngine
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

/// A catalog and page folder for a Flickr or TMDB crawl against its mock.
struct SourceFixture {
    static let flickrKey = "test-flickr-key"
    static let tmdbKey = "test-tmdb-key"
    static let tmdbToken = "test-tmdb-token"

    let crawl = try! CrawlFixture()
    let mock: SourceMockServer
    let source: SourceName

    init(_ source: SourceName, mockOptions: [String] = []) throws {
        self.source = source
        mock = try source == .flickr ? .flickr(mockOptions) : .tmdb(mockOptions)
    }

    var catalogPath: String { crawl.catalogPath }

    func options() -> CrawlOptions {
        var options = crawl.options(api: source == .flickr ? "\(mock.api)/services/rest" : "\(mock.api)/3")
        options.source = source
        options.pacing.concurrency = 1
        // Any confirmed block costs a minute: the tests assert none (a noise answer mistaken for one).
        options.pacing.cooldown = 60
        // Retries are the subject here, not their waits: 50 ms backoff, not 500.
        options.backoff = Backoff(base: 0.05, cap: 1)
        options[settings: FlickrQuery.self].text = "cat"
        options[settings: FlickrQuery.self].imageBase = mock.api
        options[settings: TMDBQuery.self].imageBase = "\(mock.api)/t/p/w500"
        return options
    }

    func run(
        _ options: CrawlOptions, environment: [String: String]? = nil, stop: StopSignal = StopSignal()
    ) async throws -> CrawlSummary {
        try await Self.run(options, environment: environment, stop: stop)
    }

    /// The crawl alone, capturing nothing of the fixture (for `async let`).
    static func run(
        _ options: CrawlOptions, environment: [String: String]? = nil, stop: StopSignal = StopSignal()
    ) async throws -> CrawlSummary {
        let source = options.source
        let environment = environment ?? (source == .flickr ? ["FLICKR_API_KEY": Self.flickrKey] : ["TMDB_READ_TOKEN": Self.tmdbToken])
        let credential = try source.source.credential(from: environment)
        var configuration = CurlClient.Configuration(userAgent: "etl-tests", timeout: options.pacing.timeout)
        configuration.headers = credential?.headers ?? []
        let curl = try CurlClient(configuration: configuration)
        return try await Crawler(
            options: options, client: credential.map { $0.client(base: curl) } ?? curl, credential: credential, stop: stop
        ).run()
    }

    /// `works` IDs.
    func keptIDs() throws -> [Int] {
        try Catalog.open(path: catalogPath, create: false).keptIDs()
    }

    /// Every byte etl wrote: the catalog, its WAL, the page files.
    func writtenBytes() throws -> Data {
        var data = Data()
        for path in [catalogPath, catalogPath + "-wal"] where FileManager.default.fileExists(atPath: path) {
            data.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: crawl.pagesPath)) ?? [] {
            data.append(try Data(contentsOf: URL(fileURLWithPath: "\(crawl.pagesPath)/\(name)")))
        }
        return data
    }
}

extension MockJSON {
    /// An ID list as integers, whether the mock wrote numbers or strings.
    var ids: [Int] { (array ?? []).compactMap { $0.int ?? $0.string.flatMap { Int($0) } } }
}
