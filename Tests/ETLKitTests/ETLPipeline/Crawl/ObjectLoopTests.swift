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

/// An HTTPClient that answers from a script per object ID (the last answer
/// repeats) and counts the calls; unscripted IDs get a 404.
final class ScriptedObjectClient: HTTPClient {
    typealias Answer = Result<HTTPResponse, HTTPError>
    static let api = "http://stub.invalid/v1"

    private struct State {
        var scripts: [Int: [Answer]]
        var calls: [Int: Int] = [:]
    }
    private let state: Mutex<State>

    init(_ scripts: [Int: [Answer]]) {
        state = Mutex(State(scripts: scripts))
    }

    func get(_ url: String) async throws -> HTTPResponse {
        let prefix = Self.api + "/objects/"
        guard url.hasPrefix(prefix), let id = Int(url.dropFirst(prefix.count)) else { throw HTTPError.invalidURL(url) }
        let answer: Answer = state.withLock { state in
            state.calls[id, default: 0] += 1
            guard var script = state.scripts[id], !script.isEmpty else {
                return .success(HTTPResponse(status: 404, body: Array(#"{"message":"ObjectID not found"}"#.utf8)))
            }
            let next = script.count > 1 ? script.removeFirst() : script[0]
            state.scripts[id] = script
            return next
        }
        return try answer.get()
    }

    func calls(_ id: Int) -> Int { state.withLock { $0.calls[id] ?? 0 } }
    var totalCalls: Int { state.withLock { $0.calls.values.reduce(0, +) } }

    static func ok(_ id: Int) -> Answer {
        .success(HTTPResponse(status: 200, contentType: "application/json", body: CatalogFixture.body(id)))
    }
    static func status(_ code: Int, _ body: String = "", retryAfter: Double? = nil) -> Answer {
        .success(HTTPResponse(status: code, contentType: "text/html", retryAfter: retryAfter, body: Array(body.utf8)))
    }
    static let blocked = status(403, "<html>Request unsuccessful. Incapsula incident ID: 1</html>")
}

final class RecordingReporter: CrawlReporter {
    private let events = Mutex<[CrawlEvent]>([])
    func crawl(didReport event: CrawlEvent) { events.withLock { $0.append(event) } }
    var recorded: [CrawlEvent] { events.withLock { $0 } }
}

@Suite("Fetcher and ObjectLoop")
struct ObjectLoopTests {
    static let quickBackoff = Backoff(base: 0.001, cap: 0.002)

    static func pacer(stop: StopSignal = StopSignal(), maxRequests: Int? = nil) -> RequestPacer {
        RequestPacer(rate: .unlimited, cooldown: 0.05, maxRequests: maxRequests, maxDuration: nil, stop: stop)
    }

    static func fetcher(_ client: ScriptedObjectClient, _ pacer: RequestPacer, maxAttempts: Int = 3) -> Fetcher<ObjectRequest> {
        Fetcher(kind: ObjectRequest(api: ScriptedObjectClient.api), client: client, pacer: pacer, maxAttempts: maxAttempts,
                backoff: quickBackoff, seed: 7)
    }

    static func finished(_ completion: FetchCompletion<Int, MetResult>) -> (MetResult, FetchTally)? {
        if case .finished(let result, let tally) = completion { return (result, tally) }
        return nil
    }

    // MARK: Fetcher

    @Test func retriesUpToMaxAttemptsThenFails() async throws {
        let client = ScriptedObjectClient([1: [ScriptedObjectClient.status(503)]])
        let completion = await Self.fetcher(client, Self.pacer(), maxAttempts: 3).fetch(1)
        let (result, tally) = try #require(Self.finished(completion))
        #expect(result.outcome == .failed(reason: "HTTP 503 (after 3 attempts)"))
        #expect(result.httpStatus == 503)
        #expect(tally.requests == 3 && tally.retries == 2 && tally.refusals == 0)
        #expect(client.calls(1) == 3)
    }

    @Test func transportErrorsAreRetriedThenFail() async throws {
        let error = HTTPError.timedOut(url: ScriptedObjectClient.api + "/objects/2", seconds: 30)
        let client = ScriptedObjectClient([2: [.failure(error)]])
        let completion = await Self.fetcher(client, Self.pacer(), maxAttempts: 2).fetch(2)
        let (result, _) = try #require(Self.finished(completion))
        #expect(result.outcome == .failed(reason: "\(error.description) (after 2 attempts)"))
        #expect(result.httpStatus == nil)
        #expect(client.calls(2) == 2)
    }

    @Test func aRetryThatSucceedsIsFetched() async throws {
        let client = ScriptedObjectClient([3: [
            ScriptedObjectClient.status(502), ScriptedObjectClient.status(500), ScriptedObjectClient.ok(3),
        ]])
        let completion = await Self.fetcher(client, Self.pacer(), maxAttempts: 3).fetch(3)
        let (result, tally) = try #require(Self.finished(completion))
        #expect(result.outcome == .fetched(body: CatalogFixture.body(3), object: MetObject.decode(body: CatalogFixture.body(3))!))
        #expect(tally.requests == 3 && tally.retries == 2)
    }

    @Test func aLoneRefusalIsNoiseRetriedUnderTheObjectsOwnAttempts() async throws {
        let client = ScriptedObjectClient([4: [ScriptedObjectClient.blocked, ScriptedObjectClient.ok(4)]])
        let pacer = Self.pacer()
        let completion = await Self.fetcher(client, pacer, maxAttempts: 3).fetch(4)
        let (result, tally) = try #require(Self.finished(completion))
        guard case .fetched = result.outcome else { Issue.record("\(result.outcome)"); return }
        // The refused request, its probe (the same URL: nothing else is known to answer), the retry.
        #expect(tally.requests == 3 && tally.refusals == 1 && tally.retries == 1)
        #expect(await pacer.blocks == 0)
        #expect(await pacer.noise == 1)
        #expect(await pacer.probes == 1)
        #expect(await pacer.isCoolingDown == false)
    }

    @Test func aLoneRefusalCostsOneOfTheObjectsAttempts() async throws {
        let client = ScriptedObjectClient([
            4: [ScriptedObjectClient.ok(4)],
            5: [ScriptedObjectClient.blocked],
        ])
        let pacer = Self.pacer()
        _ = await Self.fetcher(client, pacer).fetch(4)
        // Object 5 answers a block page every time while object 4 answers: its own failure.
        let (result, tally) = try #require(Self.finished(await Self.fetcher(client, pacer, maxAttempts: 2).fetch(5)))
        #expect(result.outcome == .failed(reason: "HTTP 403 (text/html, 59 bytes) (after 2 attempts)"))
        #expect(tally.refusals == 2)
        #expect(client.calls(4) == 3, "each probe asked the URL known to answer")
        #expect(await pacer.blocks == 0)
        #expect(await pacer.noise == 2)
    }

    @Test func aRefusedProbeConfirmsABlockThatCoolsDownThenTheObjectIsFetched() async throws {
        let client = ScriptedObjectClient([4: [ScriptedObjectClient.blocked, ScriptedObjectClient.blocked, ScriptedObjectClient.ok(4)]])
        let pacer = Self.pacer()
        // A block is not the object's failure: even one allowed attempt survives it.
        let completion = await Self.fetcher(client, pacer, maxAttempts: 1).fetch(4)
        let (result, tally) = try #require(Self.finished(completion))
        guard case .fetched = result.outcome else { Issue.record("\(result.outcome)"); return }
        #expect(tally.requests == 3 && tally.refusals == 1 && tally.retries == 0)
        #expect(await pacer.blocks == 1)
        #expect(await pacer.noise == 0)
        #expect(await pacer.refusals == 2)
    }

    @Test func hopelessErrorsFailAtOnce() async throws {
        let client = ScriptedObjectClient([5: [.failure(.bodyTooLarge(url: "x", limit: 10))]])
        let (result, tally) = try #require(Self.finished(await Self.fetcher(client, Self.pacer(), maxAttempts: 5).fetch(5)))
        #expect(result.outcome == .failed(reason: HTTPError.bodyTooLarge(url: "x", limit: 10).description))
        #expect(tally.requests == 1 && client.calls(5) == 1)
    }

    @Test func aStopBeforeStartSendsNothing() async throws {
        let stop = StopSignal()
        stop.request(signal: SIGINT)
        let client = ScriptedObjectClient([6: [ScriptedObjectClient.ok(6)]])
        let completion = await Self.fetcher(client, Self.pacer(stop: stop)).fetch(6)
        guard case .abandoned(let id, let refusal, let tally) = completion else { Issue.record("\(completion)"); return }
        #expect(id == 6 && refusal == .stopped && tally.requests == 0)
        #expect(client.totalCalls == 0)
    }

    @Test func theRequestBudgetAbandonsARetry() async throws {
        let client = ScriptedObjectClient([7: [ScriptedObjectClient.status(503)]])
        let completion = await Self.fetcher(client, Self.pacer(maxRequests: 2), maxAttempts: 5).fetch(7)
        guard case .abandoned(_, let refusal, let tally) = completion else { Issue.record("\(completion)"); return }
        #expect(refusal == .requestBudget)
        #expect(tally.requests == 2 && client.calls(7) == 2)
    }

    // MARK: FetchLoop

    static func run(_ catalog: Catalog, _ client: ScriptedObjectClient, pacer: RequestPacer, concurrency: Int = 4,
                    maxAttempts: Int = 2, reporter: RecordingReporter = RecordingReporter(), isReached: Bool = false) async throws
        -> (CrawlSummary.Status, CrawlSummary) {
        let loop = ObjectLoop<ObjectRequest, ResultWriter>(
            catalog: catalog, reporter: reporter,
            loop: FetchLoop(fetcher: fetcher(client, pacer, maxAttempts: maxAttempts), concurrency: concurrency),
            api: ScriptedObjectClient.api)
        var summary = CrawlSummary()
        var minutes = MinuteRecorder(kind: .crawl, runID: nil, startedAt: Date(), start: pacer.clock.now)
        let status = try await loop.run(queue: try catalog.queuedIDs(), summary: &summary, minutes: &minutes, isReached: isReached)
        return (status, summary)
    }

    @Test func storesEveryOutcome() async throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        _ = try catalog.registerListing(ids: [1, 2, 3, 4, 5], at: CatalogFixture.date)
        let client = ScriptedObjectClient([
            1: [ScriptedObjectClient.ok(1)], 2: [ScriptedObjectClient.status(500), ScriptedObjectClient.ok(2)],
            4: [ScriptedObjectClient.status(400, #"{"message":"could not parse objectID"}"#)],
            5: [ScriptedObjectClient.status(503)],
        ])
        let (status, summary) = try await Self.run(catalog, client, pacer: Self.pacer(), maxAttempts: 2)
        #expect(status == .completed)
        #expect(summary.fetched == 2 && summary.gone == 1 && summary.badIDs == 1 && summary.failed == 1)
        #expect(summary.retries == 2)
        let states = try catalog.database.fetchAll(sql: "SELECT state, attempts FROM objects ORDER BY object_id")
            .map { "\($0.string("state") ?? "?")/\($0.int("attempts") ?? -1)" }
        #expect(states == ["fetched/1", "fetched/2", "gone/1", "bad_id/1", "failed/2"])
        #expect(try catalog.objectRow(2)?.string("raw_json") == String(decoding: CatalogFixture.body(2), as: UTF8.self))
        #expect(try catalog.queuedIDs() == [5])
    }

    @Test func aBlockedObjectIsRetriedAndStored() async throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        _ = try catalog.registerListing(ids: [10, 11], at: CatalogFixture.date)
        // 11 is refused; the probe of 10 (known to answer) is refused too: a block.
        let client = ScriptedObjectClient([
            10: [ScriptedObjectClient.ok(10), ScriptedObjectClient.blocked, ScriptedObjectClient.ok(10)],
            11: [ScriptedObjectClient.blocked, ScriptedObjectClient.ok(11)],
        ])
        let pacer = Self.pacer()
        let (status, summary) = try await Self.run(catalog, client, pacer: pacer, concurrency: 1)
        #expect(status == .completed)
        #expect(summary.fetched == 2 && summary.failed == 0)
        #expect(await pacer.blocks == 1)
        #expect(await pacer.probes == 1)
        #expect(client.calls(10) == 2 && client.calls(11) == 2)
        let row = try #require(try catalog.objectRow(11))
        #expect(row.string("state") == "fetched" && row.int("attempts") == 3 && row.int("http_status") == 200)
        #expect(try catalog.queuedIDs() == [])
    }

    @Test func aStopBeforeStartRecordsNothing() async throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        _ = try catalog.registerListing(ids: Array(1...20), at: CatalogFixture.date)
        let stop = StopSignal()
        stop.request(signal: SIGTERM)
        let client = ScriptedObjectClient(Dictionary(uniqueKeysWithValues: (1...20).map { ($0, [ScriptedObjectClient.ok($0)]) }))
        let reporter = RecordingReporter()
        let (status, summary) = try await Self.run(catalog, client, pacer: Self.pacer(stop: stop), reporter: reporter)
        #expect(status == .interrupted)
        #expect(summary.fetched == 0 && summary.failed == 0)
        #expect(client.totalCalls == 0)
        #expect(try catalog.count("SELECT count(*) FROM objects WHERE state != 'pending' OR attempts != 0") == 0)
        #expect(try catalog.queuedIDs() == Array(1...20))
        #expect(reporter.recorded.contains(.stopping(reason: "interrupted; finishing requests in flight")))
    }

    @Test func theRequestBudgetLeavesTheRestQueued() async throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        _ = try catalog.registerListing(ids: Array(1...6), at: CatalogFixture.date)
        let client = ScriptedObjectClient(Dictionary(uniqueKeysWithValues: (1...6).map { ($0, [ScriptedObjectClient.ok($0)]) }))
        let (status, summary) = try await Self.run(catalog, client, pacer: Self.pacer(maxRequests: 3), concurrency: 2)
        #expect(status == .budgetReached)
        #expect(summary.fetched == 3 && client.totalCalls == 3)
        #expect(try catalog.queuedIDs().count == 3)
    }

    @Test func manyObjectsAreEachFetchedOnce() async throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        let ids = Array(1...300)
        _ = try catalog.registerListing(ids: ids, at: CatalogFixture.date)
        let client = ScriptedObjectClient(Dictionary(uniqueKeysWithValues: ids.map { ($0, [ScriptedObjectClient.ok($0)]) }))
        let (status, summary) = try await Self.run(catalog, client, pacer: Self.pacer(), concurrency: 8)
        #expect(status == .completed && summary.fetched == ids.count)
        #expect(ids.allSatisfy { client.calls($0) == 1 })
        #expect(try catalog.count("SELECT count(*) FROM objects WHERE state = 'fetched' AND attempts = 1") == ids.count)
    }

    // MARK: An API never reached

    static func refused(_ id: Int) -> ScriptedObjectClient.Answer {
        .failure(.cannotConnect(url: ScriptedObjectClient.api + "/objects/\(id)", reason: "Connection refused"))
    }

    /// Each object's row as `state/attempts/needs_fetch`, in ID order.
    static func rows(_ catalog: Catalog) throws -> [String] {
        try catalog.database.fetchAll(sql: "SELECT state, attempts, needs_fetch FROM objects ORDER BY object_id")
            .map { "\($0.string("state") ?? "?")/\($0.int("attempts") ?? -1)/\($0.int("needs_fetch") ?? -1)" }
    }

    @Test func noObjectReachedThrowsUnreachableAndStoresNothing() async throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        _ = try catalog.registerListing(ids: [1, 2, 3], at: CatalogFixture.date)
        let before = try Self.rows(catalog)
        let client = ScriptedObjectClient([1: [Self.refused(1)], 2: [Self.refused(2)], 3: [Self.refused(3)]])
        let error = await #expect(throws: CrawlError.self) {
            _ = try await Self.run(catalog, client, pacer: Self.pacer(), concurrency: 1, maxAttempts: 2)
        }
        let first = HTTPError.cannotConnect(url: ScriptedObjectClient.api + "/objects/1", reason: "Connection refused")
        #expect(error == .unreachable(url: ScriptedObjectClient.api, reason: "\(first) (after 2 attempts)", request: .objects))
        #expect(error?.description
            == "cannot fetch objects from \(ScriptedObjectClient.api): cannot connect to \(ScriptedObjectClient.api)/objects/1: Connection refused (after 2 attempts)")
        #expect((1...3).allSatisfy { client.calls($0) == 2 }, "every object was tried")
        #expect(try Self.rows(catalog) == before, "no object marked")
        #expect(try catalog.queuedIDs() == [1, 2, 3])
    }

    @Test func oneAnswerStoresTheUnreachableObjectsAsFailedAsBefore() async throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        _ = try catalog.registerListing(ids: [1, 2, 3], at: CatalogFixture.date)
        // Held back at first (1), stored once 2 answers; 3 after it, at once.
        let client = ScriptedObjectClient([1: [Self.refused(1)], 2: [ScriptedObjectClient.ok(2)], 3: [Self.refused(3)]])
        let (status, summary) = try await Self.run(catalog, client, pacer: Self.pacer(), concurrency: 1, maxAttempts: 2)
        #expect(status == .completed)
        #expect(summary.fetched == 1 && summary.failed == 2)
        #expect(try Self.rows(catalog) == ["failed/2/1", "fetched/1/0", "failed/2/1"])
        #expect(try catalog.queuedIDs() == [1, 3])
    }

    @Test func anAPIThatAnsweredEarlierInTheRunStoresUnreachableObjectsAsFailed() async throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        _ = try catalog.registerListing(ids: [1, 2], at: CatalogFixture.date)
        let client = ScriptedObjectClient([1: [Self.refused(1)], 2: [Self.refused(2)]])
        let (status, summary) = try await Self.run(catalog, client, pacer: Self.pacer(), maxAttempts: 1, isReached: true)
        #expect(status == .completed && summary.failed == 2)
        #expect(try Self.rows(catalog) == ["failed/1/1", "failed/1/1"])
    }

    @Test func noAnswerStopsTakingObjectsAfterTheHeldBackLimit() async throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        let limit = ObjectLoop<ObjectRequest, ResultWriter>.maxUnanswered
        let ids = Array(1...(limit + 10))
        _ = try catalog.registerListing(ids: ids, at: CatalogFixture.date)
        let client = ScriptedObjectClient(Dictionary(uniqueKeysWithValues: ids.map { ($0, [Self.refused($0)]) }))
        await #expect(throws: CrawlError.self) {
            _ = try await Self.run(catalog, client, pacer: Self.pacer(), concurrency: 1, maxAttempts: 1)
        }
        #expect(client.totalCalls == limit)
        #expect(try catalog.count("SELECT count(*) FROM objects WHERE state != 'pending' OR attempts != 0") == 0)
    }

    @Test func anEmptyQueueCompletesAtOnce() async throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        let client = ScriptedObjectClient([:])
        let (status, summary) = try await Self.run(catalog, client, pacer: Self.pacer())
        #expect(status == .completed && summary.fetched == 0 && client.totalCalls == 0)
    }
}
