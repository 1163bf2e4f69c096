import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCore
@testable import ETLPipeline
@testable import FetchEngine
import Store

/// Version 7's columns (issue 31): how the clean rate was learnt and the
/// AIC search depth, kept per host with the pacing memory.
@Suite("Pacing memory provenance and search depth")
struct PacingMemoryProvenanceTests {
    static let written = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("every clean-rate source and a search depth round-trip; neither write clears the other", arguments: CleanRateSource.allCases)
    func roundTrip(source: CleanRateSource) throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        let memory = PacingMemory(ceiling: 60, cleanRate: 20, cleanSource: source, updatedAt: Self.written)
        try catalog.savePacingMemory(memory, hosts: ["a.example"])
        // Dates come back through SQLite's julianday: equal to the millisecond.
        func stored() throws -> PacingMemory? {
            try catalog.pacingMemory(host: "a.example").map {
                var read = $0
                #expect(abs(read.updatedAt.timeIntervalSince(memory.updatedAt)) < 0.001)
                read.updatedAt = memory.updatedAt
                return read
            }
        }
        #expect(try stored() == memory)
        try catalog.saveSearchDepth(1_000, host: "a.example")
        #expect(try catalog.searchDepth(host: "a.example") == 1_000)
        #expect(try stored() == memory, "a depth leaves the rates as they were")
        try catalog.savePacingMemory(PacingMemory(cleanRate: 30, cleanSource: .longRun, updatedAt: Self.written), hosts: ["a.example"])
        #expect(try catalog.searchDepth(host: "a.example") == 1_000, "new rates leave the depth")
        #expect(try catalog.pacingMemory(host: "a.example")?.cleanSource == .longRun)
    }

    @Test("a host with only a depth gives no rate to start from and is not taken as the slowest memory")
    func depthOnlyRow() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        try catalog.saveSearchDepth(1_000, host: "api.example")
        try catalog.savePacingMemory(PacingMemory(cleanRate: 5, cleanSource: .block, updatedAt: Date()), hosts: ["img.example"])
        #expect(try catalog.pacingMemory(host: "api.example")?.startRate == nil)
        let keeper = PacingMemoryKeeper(hosts: ["api.example", "img.example"])
        #expect(keeper.load(from: catalog)?.cleanRate == 5)
    }

    @Test("the stored spellings are the vocabulary's, and the column refuses any other")
    func checkMatchesTheEnum() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        for source in CleanRateSource.allCases {
            try catalog.savePacingMemory(PacingMemory(cleanRate: 1, cleanSource: source, updatedAt: Self.written), hosts: [source.rawValue])
        }
        #expect(throws: (any Error).self) {
            try catalog.database.execute(sql: "UPDATE pacing_memory SET clean_source = 'guess' WHERE host = 'ramp'")
        }
        #expect(throws: (any Error).self) {
            try catalog.database.execute(sql: "UPDATE pacing_memory SET search_depth = 0 WHERE host = 'ramp'")
        }
    }

    @Test("a version 6 catalog's memory upgrades in place: its clean rate of unknown source is taken as a block's")
    func version6Upgrades() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        do {
            let old = try CatalogFixture.shipped(version: 6, path: path)
            try old.execute(sql: """
                INSERT INTO pacing_memory (host, ceiling, clean_rate, last_block_at, last_block_seconds, updated_at)
                VALUES ('met.example', 3.69, 2.8, '2026-12-01T00:00:00.000Z', 60, '2026-12-01T00:01:00.000Z')
                """)
        }
        let catalog = try Catalog.open(path: path)
        #expect(try catalog.database.fetchOne(sql: "PRAGMA user_version")?.integer(named: "user_version") == CatalogSchema.version)
        let memory = try #require(try catalog.pacingMemory(host: "met.example"))
        #expect(memory.cleanRate == 2.8 && memory.ceiling == 3.69 && memory.cleanSource == nil)
        #expect(try catalog.searchDepth(host: "met.example") == nil)
        let controller = RateController(settings: .init(), now: 0, remembered: memory.remembered(at: memory.updatedAt))
        #expect(controller.cleanSource == .block)
        #expect(controller.rate == 2.8 * 0.97, "the rules it was learnt under: no slow start toward the ceiling")
        try catalog.saveSearchDepth(1_000, host: "met.example")
        #expect(try catalog.searchDepth(host: "met.example") == 1_000)
        #expect(try catalog.integrityCheck() == "ok")
    }
}
