import FetchEngine
import Foundation
import Testing
@testable import AICSource
@testable import ETLCatalog
@testable import ETLCore
@testable import ETLPipeline
@testable import SourceRegistry

/// A listing source (AIC, Flickr, TMDB) says where it stands while it reads:
/// a progress event on every page (the executable throttles it to a line
/// every 30 s in a log) and a `run_minutes` row for every minute that passes.
@Suite("Listing progress and telemetry", .serialized)
struct ListingProgressTests {
    @Test("the heartbeat reports every page and closes a telemetry row as each minute passes on the pacer's clock")
    func heartbeatOnAManualClock() async throws {
        let crawl = try CrawlFixture()
        let catalog = try Catalog.open(path: crawl.catalogPath)
        let startedAt = Date(timeIntervalSince1970: 1_780_000_000)
        let runID = try catalog.beginRun(mode: "full", startedAt: startedAt)
        let clock = ManualClock()
        let pacer = RequestPacer(rate: .unlimited, cooldown: 1, maxRequests: nil, maxDuration: nil, stop: StopSignal(), clock: clock)
        let reporter = RecordingReporter()
        let heartbeat = ListingHeartbeat(
            minutes: MinuteRecorder(kind: .crawl, runID: runID, startedAt: startedAt, start: clock.now), pacer: pacer,
            reporter: reporter, start: clock.now, catalogPath: crawl.catalogPath)
        func rows() throws -> Int {
            try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM run_minutes WHERE run_id = ?", arguments: [.int(runID)])?
                .int("n") ?? -1
        }
        // Four pages of 100, 30 s apart: minutes close at 60 s and 90 s (a row each).
        let pages = 4
        for page in 0..<pages {
            if page > 0 { clock.advance(by: .seconds(30)) }
            await heartbeat.windowsOpened(1)
            await heartbeat.pageRead(items: 100)
            if page == 0 { await heartbeat.expect(fromLastPage: 1_000) }
        }
        let events = reporter.recorded.compactMap { event -> ListingProgress? in
            guard case .listing(let progress) = event else { return nil }
            return progress
        }
        #expect(events.count == pages)
        #expect(events.map(\.listed) == [100, 200, 300, 400])
        #expect(events.map(\.pages) == [1, 2, 3, 4])
        #expect(events.map(\.elapsedSeconds) == [0, 30, 60, 90])
        // The total is known once the first page has said it.
        #expect(events.map(\.total) == [nil, 1_000, 1_000, 1_000])
        #expect(events.last?.windows == 1)
        #expect(events.last?.etaSeconds == 600 / (400.0 / 90))
        // 0–60 s closed at 60 s; 60–90 s is still open (90 − 60 < 60).
        #expect(try rows() == 1)
        clock.advance(by: .seconds(30))
        await heartbeat.pageRead(items: 100)
        #expect(try rows() == 2)
        // The run takes the recorder back to close the last, partial minute.
        let minutes = await heartbeat.minutes
        #expect(minutes.current.minute == 2)
    }

    @Test("a log gets a line at most every 30 s, a terminal every half second, times from any clock")
    func throttle() {
        var log = ProgressThrottle(isTerminal: false)
        #expect([0, 10, 29.9, 30, 45, 59.9, 61, 200].filter { log.isDue(at: $0) } == [0, 30, 61, 200])
        var terminal = ProgressThrottle(isTerminal: true)
        #expect([0, 0.2, 0.5, 0.6, 1.0].filter { terminal.isDue(at: $0) } == [0, 0.5, 1.0])
    }

    @Test("the progress line says listed, of how many, pages, windows, requests, rate and ETA")
    func line() {
        let progress = ListingProgress(listed: 1_200, total: 5_000, pages: 12, windows: 1, requests: 13, elapsedSeconds: 26, rate: 0.48)
        #expect(progress.line == "listing: 1200 of 5000 records (24.0%), 12 pages, 1 window, 13 requests, rate 0.5/s, eta 1m22s")
        #expect(ListingProgress(listed: 20, pages: 1, requests: 1, elapsedSeconds: 0.1).line
            == "listing: 20 records, 1 page, 1 request, rate -, eta -", "one request is no rate")
    }

    @Test("an AIC listing reports each page it reads and leaves telemetry rows that add up to the run")
    func aicListing() async throws {
        let fixture = try AICFixture(["--artworks", "1200", "--seed", "5"])
        var options = fixture.options()
        // Rows are cut at every page instead of every minute, so the listing leaves several.
        options.telemetrySeconds = 0.000_001
        var configuration = CurlClient.Configuration(userAgent: "etl-tests", timeout: options.pacing.timeout)
        configuration.headers = AICSource().headers(for: options)
        let reporter = RecordingReporter()
        let summary = try await Crawler(options: options, client: try CurlClient(configuration: configuration), reporter: reporter).run()
        let expected = try await fixture.mock.expected()
        let stats = try await fixture.mock.stats()
        let events = reporter.recorded.compactMap { event -> ListingProgress? in
            guard case .listing(let progress) = event else { return nil }
            return progress
        }
        let total = expected["total"]?.int ?? -1
        #expect(summary.status == .completed)
        #expect(events.count == stats["search_requests"]?.int, "one event per page the mock served")
        #expect(events.last?.listed == total)
        #expect(events.last?.total == total)
        #expect(events.last?.windows == summary.windows)
        #expect(events.last?.requests == summary.requests)
        #expect(events.map(\.listed) == events.map(\.listed).sorted())
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let rows = try catalog.database.fetchOne(
            sql: "SELECT count(*) AS n, sum(requests) AS requests FROM run_minutes WHERE kind = 'crawl'")
        #expect((rows?.int("n") ?? 0) > 1)
        #expect(rows?.int("requests") == summary.requests)
    }

    @Test("a CMA listing counts records, not probe pages: never more than the collection holds, and it ends where its summary does")
    func cmaListing() async throws {
        let crawl = try CrawlFixture()
        // The collection changes three times while it is listed: each change costs probes that read earlier pages again.
        let mock = try SourceMockServer(script: "mock_cma.py", options: [
            "--artworks", "12000", "--seed", "5", "--change-every", "3", "--changes", "3", "--fail-5xx", "0", "--html200", "0",
            "--rate-429", "0",
        ])
        var options = crawl.options(api: "\(mock.api)/api")
        options.source = .cma
        let reporter = RecordingReporter()
        let summary = try await Crawler(options: options, client: try CurlClient(configuration: .init(userAgent: "etl-tests", timeout: 5)),
                                        reporter: reporter).run()
        let expected = try await mock.expected()
        let stats = try await mock.stats()
        let events = reporter.recorded.compactMap { event -> ListingProgress? in
            guard case .listing(let progress) = event else { return nil }
            return progress
        }
        let pagesRead = stats["listing_requests"]?.int ?? 0
        let pages = try #require(summary.listPages)
        #expect(summary.status == .completed && expected["changes_made"]?.int == 3)
        #expect(pagesRead > pages, "probes read pages again: \(pagesRead) pages served for \(pages)")
        // One event per page read, and one more for the first, before and after it told the total.
        #expect(events.count == pagesRead + 1)
        #expect(events.first?.total == nil && events.dropFirst().allSatisfy { $0.total != nil })
        for event in events {
            #expect(event.listed <= event.total ?? event.listed, "\(event.line)")
            #expect(event.pages <= pages, "\(event.line)")
        }
        #expect(events.map(\.listed) == events.map(\.listed).sorted(), "never backwards")
        let last = try #require(events.last)
        #expect(last.listed == summary.listed && last.total == summary.listed && last.pages == pages, "\(last.line)")
    }
}
