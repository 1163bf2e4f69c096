import Foundation
import Synchronization
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

/// An HTTPClient that answers image URLs from a table (unknown URLs get a
/// small real JPEG) and counts the calls.
final class ScriptedImageClient: HTTPClient {
    typealias Answer = Result<HTTPResponse, HTTPError>
    private let answers: [String: Answer]
    private let calls = Mutex<[String: Int]>([:])

    init(_ answers: [String: Answer]) {
        self.answers = answers
    }

    func get(_ url: String) async throws -> HTTPResponse {
        calls.withLock { $0[url, default: 0] += 1 }
        return try (answers[url] ?? Self.image(Self.jpeg, "image/jpeg")).get()
    }

    /// Real pictures (Tests/Fixtures/images), which decode.
    static let jpeg = fixture("baseline.jpg")
    static let png = fixture("rgb.png")
    static let gif = fixture("palette.gif")
    static let webp = fixture("lossy.webp")

    private static func fixture(_ name: String) -> [UInt8] {
        (try? ImageDimensionsTests.fixture(name)) ?? []
    }

    func calls(_ url: String) -> Int { calls.withLock { $0[url] ?? 0 } }

    static func image(_ bytes: [UInt8], _ type: String?) -> Answer {
        .success(HTTPResponse(status: 200, contentType: type, body: bytes))
    }
}

/// Answers the mock cannot give: other formats, bodies that are not images,
/// transport errors, an unreachable host.
@Suite("etl images: formats and odd answers", .serialized)
struct ImageStubTests {
    /// A crawled sample catalog and the image URL of each kept work.
    private func setUp() async throws -> (ImageFixture, [Int: String]) {
        let fixture = try await ImageFixture()
        var urls: [Int: String] = [:]
        for row in try fixture.catalog().database.fetchAll(sql: """
            SELECT object_id, primary_image_small AS url FROM works ORDER BY object_id
            """) {
            urls[row.int("object_id") ?? 0] = row.string("url")
        }
        return (fixture, urls)
    }

    @Test("PNG, GIF and WebP keep their extension; empty, JSON and mislabelled bodies are not_an_image; transport errors are recorded")
    func formatsAndFailures() async throws {
        let (fixture, urls) = try await setUp()
        let ids = urls.keys.sorted()
        let answers: [(Int, ScriptedImageClient.Answer)] = [
            (ids[0], ScriptedImageClient.image(ScriptedImageClient.png, "image/png")),
            (ids[1], ScriptedImageClient.image(ScriptedImageClient.gif, "image/gif")),
            (ids[2], ScriptedImageClient.image(ScriptedImageClient.webp, "image/webp")),
            (ids[3], ScriptedImageClient.image([], "image/jpeg")),
            (ids[4], ScriptedImageClient.image(Array(#"{"message":"Not Found"}"#.utf8), "application/json")),
            (ids[5], ScriptedImageClient.image(ScriptedImageClient.jpeg, "text/plain")),
            (ids[6], .failure(.bodyTooLarge(url: urls[ids[6]]!, limit: 64))),
            (ids[7], .failure(.connectionReset(url: urls[ids[7]]!, reason: "reset by peer"))),
            (ids[8], .success(HTTPResponse(status: 410, contentType: "text/plain", body: Array("Gone".utf8)))),
            (ids[9], .success(HTTPResponse(status: 503, body: []))),
        ]
        let client = ScriptedImageClient(Dictionary(uniqueKeysWithValues: answers.map { (urls[$0.0]!, $0.1) }))
        var options = fixture.options()
        options.pacing.maxAttempts = 2
        let summary = try await ImageDownloader(options: options, client: client).run()
        #expect(summary.status == .completed)
        #expect(summary.downloaded == ids.count - 7)
        let failures = try fixture.failures()
        #expect(failures["not_an_image"] == [ids[3], ids[4], ids[5]])
        #expect(failures["too_large"] == [ids[6]])
        #expect(failures["network"] == [ids[7]])
        #expect(failures["status"] == [ids[8], ids[9]])
        #expect(client.calls(urls[ids[7]]!) == 2, "a reset is retried")
        #expect(client.calls(urls[ids[8]]!) == 1, "a 410 is final")
        #expect(client.calls(urls[ids[9]]!) == 2, "a 503 is retried")
        let rows = try fixture.rows()
        #expect(rows[ids[0]]?.string("file") == "\(ids[0]).png")
        #expect(rows[ids[1]]?.string("file") == "\(ids[1]).gif")
        #expect(rows[ids[2]]?.string("file") == "\(ids[2]).webp")
        #expect(rows[ids[3]]?.string("error") == "HTTP 200 with an empty body")
        #expect(rows[ids[9]]?.string("error") == "HTTP 503 (after 2 attempts)")
        #expect(try fixture.verifyFolderMatchesRows() == ids.count - 7)
    }

    @Test("a picture whose URL now fails loses its old file; a new format replaces the old file")
    func replacedAndRemovedFiles() async throws {
        let (fixture, urls) = try await setUp()
        _ = try await ImageDownloader(options: fixture.options(), client: ScriptedImageClient([:])).run()
        let ids = urls.keys.sorted()
        // Point two works at new URLs: one now answers a PNG, one a 404.
        let catalog = try fixture.catalog()
        for id in ids.prefix(2) {
            try catalog.database.execute(
                sql: "UPDATE objects SET primary_image_small = primary_image_small || '?v=2' WHERE object_id = ?",
                arguments: [.integer(Int64(id))])
        }
        // As a crawl does after storing the changed records.
        try catalog.rebuildWorks()
        let client = ScriptedImageClient([
            urls[ids[0]]! + "?v=2": ScriptedImageClient.image(ScriptedImageClient.png, "image/png"),
            urls[ids[1]]! + "?v=2": .success(HTTPResponse(status: 404, body: [])),
        ])
        let summary = try await ImageDownloader(options: fixture.options(), client: client).run()
        #expect(summary.downloaded == 1)
        #expect(summary.failed == 1)
        #expect(summary.cached == ids.count - 2)
        let files = try fixture.files()
        #expect(files.contains("\(ids[0]).png") && !files.contains("\(ids[0]).jpg"))
        #expect(!files.contains("\(ids[1]).jpg"))
        try fixture.verifyFolderMatchesRows()
    }

    @Test("without primaryImageSmall the picture comes from primaryImage")
    func fallsBackToPrimaryImage() async throws {
        let (fixture, urls) = try await setUp()
        let id = try #require(urls.keys.min())
        let catalog = try fixture.catalog()
        try catalog.database.execute(
            sql: "UPDATE objects SET primary_image_small = ' ' WHERE object_id = ?", arguments: [.integer(Int64(id))])
        try catalog.rebuildWorks()
        let original = try #require(try catalog.objectRow(id)?.string("primary_image"))
        let client = ScriptedImageClient([:])
        let summary = try await ImageDownloader(options: fixture.options(), client: client).run()
        #expect(summary.downloaded == urls.count)
        #expect(client.calls(original) == 1)
        #expect(client.calls(urls[id]!) == 0)
        #expect(try fixture.rows()[id]?.string("url") == original)
    }

    @Test("no host reachable: the pictures tried fail as unreachable, the host is asked no more, the run fails, the next run tries them again")
    func unreachable() async throws {
        let (fixture, urls) = try await setUp()
        let refusals = urls.values.map { url -> (String, ScriptedImageClient.Answer) in
            (url, .failure(.cannotConnect(url: url, reason: "Connection refused")))
        }
        let client = ScriptedImageClient(Dictionary(uniqueKeysWithValues: refusals))
        var options = fixture.options()
        options.pacing.maxAttempts = 2
        let summary = try await ImageDownloader(options: options, client: client).run()
        #expect(summary.status == .failed)
        #expect(summary.error?.hasPrefix("no image host could be reached (") == true, "\(summary.error ?? "")")
        let rows = try fixture.rows()
        #expect(!rows.isEmpty && summary.failed == rows.count)
        #expect(try fixture.failures() == ["unreachable": Set(rows.keys)])
        #expect(summary.remaining == urls.count - rows.count)
        #expect(urls.values.reduce(0) { $0 + client.calls($1) } == rows.count * options.pacing.maxAttempts,
                "once a host is found dead, its other pictures are not asked for")

        // The host is back: the next run fetches them all, without --retry-failed.
        let again = try await ImageDownloader(options: options, client: ScriptedImageClient([:])).run()
        #expect(again.status == .completed)
        #expect(again.downloaded == urls.count && again.failed == 0)
    }

    @Test("the host of the pictures on disk going dead is news: the run fails though nothing else was to be fetched")
    func servedHostGoingDeadFailsTheRun() async throws {
        let (fixture, urls) = try await setUp()
        let id = try #require(urls.keys.min())
        let url = try #require(urls[id])
        var options = fixture.options()
        options.pacing.maxAttempts = 2
        let first = try await ImageDownloader(options: options, client: ScriptedImageClient([
            url: .success(HTTPResponse(status: 404, contentType: "text/plain", body: Array("Not Found".utf8))),
        ])).run()
        #expect(first.status == .completed && first.downloaded == urls.count - 1)

        // Asked again, the one picture left finds its host (the others' host) dead.
        options.retryFailed = true
        let second = try await ImageDownloader(options: options, client: ScriptedImageClient([
            url: .failure(.cannotConnect(url: url, reason: "Connection refused")),
        ])).run()
        #expect(second.status == .failed)
        #expect(second.cached == urls.count - 1)
        #expect(second.error == "no image host could be reached (cannot connect to \(url): Connection refused (after 2 attempts)); run again later: those pictures are tried again")
        #expect(try fixture.failures() == ["unreachable": [id]])
    }

    @Test("a dead host and port cost their own picture only: recorded as unreachable, the others fetched, the run completes")
    func deadHostAmongOthers() async throws {
        let (fixture, urls) = try await setUp()
        let id = try #require(urls.keys.min())
        let dead = "http://127.0.0.1:1/x.jpg"
        let catalog = try fixture.catalog()
        try catalog.database.execute(
            sql: "UPDATE objects SET primary_image_small = ? WHERE object_id = ?", arguments: [.text(dead), .integer(Int64(id))])
        try catalog.rebuildWorks()
        let client = ScriptedImageClient([dead: .failure(.cannotConnect(url: dead, reason: "Connection refused"))])
        var options = fixture.options()
        options.pacing.maxAttempts = 2
        let summary = try await ImageDownloader(options: options, client: client).run()
        #expect(summary.status == .completed)
        #expect(summary.downloaded == urls.count - 1)
        #expect(try fixture.failures() == ["unreachable": [id]])
        #expect(try fixture.rows()[id]?.string("error") == "cannot connect to \(dead): Connection refused (after 2 attempts)")
        #expect(client.calls(dead) == 2)
    }
}
