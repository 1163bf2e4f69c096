import FetchEngine
import Foundation
import Testing
@testable import AICSource
@testable import ETLCatalog
@testable import ETLCore
@testable import ETLPipeline
@testable import SourceRegistry

/// The search depth an AIC run learns is remembered per host with the
/// pacing memory (issue 31): every later run asks no deeper, so the mock
/// counts no request past its depth after the first run; a depth that fell
/// is learnt again at the cost of one refused page.
@Suite("AIC search depth remembered", .serialized)
struct AICDepthMemoryTests {
    @Test("after the first run, no request past the depth the server allows, run after run")
    func secondRunAsksNoDeeper() async throws {
        let depth = 1_000
        let fixture = try AICFixture(["--artworks", "4000", "--seed", "4", "--depth", String(depth)])
        let first = try await fixture.run(fixture.options())
        let learnt = try await fixture.mock.stats()
        #expect(first.status == .completed)
        #expect(learnt["depth_errors"]?.int == 1, "the first run learns the depth from one refused page")
        let host = try #require(PacingMemoryKeeper.host(of: fixture.api))
        #expect(try Catalog.open(path: fixture.catalogPath, create: false).searchDepth(host: host) == depth)
        let kept = Set(try fixture.keptIDs())

        for _ in 1...2 {
            try await fixture.mock.resetStats()
            let again = try await fixture.run(fixture.options())
            let stats = try await fixture.mock.stats()
            #expect(again.status == .completed)
            #expect(stats["depth_errors"]?.int == 0, "no page past the remembered depth")
            #expect((stats["max_result_end"]?.int ?? .max) <= depth)
            #expect(again.requests == first.requests - (learnt["depth_errors"]?.int ?? 0), "the same pages, less the refused one")
            #expect(Set(try fixture.keptIDs()) == kept)
        }

        // The server serves less now: learnt again once, then remembered.
        let shallower = depth / 2
        try await fixture.mock.configure(["depth": shallower])
        try await fixture.mock.resetStats()
        _ = try await fixture.run(fixture.options())
        #expect(try await fixture.mock.stats()["depth_errors"]?.int == 1)
        #expect(try Catalog.open(path: fixture.catalogPath, create: false).searchDepth(host: host) == shallower)
        try await fixture.mock.resetStats()
        _ = try await fixture.run(fixture.options())
        #expect(try await fixture.mock.stats()["depth_errors"]?.int == 0)
        #expect(Set(try fixture.keptIDs()) == kept)
    }
}
