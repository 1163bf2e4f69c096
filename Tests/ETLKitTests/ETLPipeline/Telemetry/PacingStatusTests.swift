import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLPipeline
import FetchEngine

/// `etl status` shows, per host, how the pacing memory was learnt and the
/// AIC search depth kept with it (issue 31), through the real binary.
@Suite("Pacing memory in etl status")
struct PacingStatusTests {
    @Test("each host's line says how its clean rate was learnt and its search depth; a depth alone learnt no rate")
    func sourceAndDepth() throws {
        let fixture = try CrawlFixture()
        let written = Date().addingTimeInterval(-600)
        var memories: [String: PacingMemory] = [:]
        do {
            let catalog = try Catalog.open(path: fixture.catalogPath)
            for (index, source) in CleanRateSource.allCases.enumerated() {
                let memory = PacingMemory(ceiling: 60, cleanRate: Double(10 + index), cleanSource: source, updatedAt: written)
                memories["\(source.rawValue).example"] = memory
                try catalog.savePacingMemory(memory, hosts: ["\(source.rawValue).example"])
            }
            let unknown = PacingMemory(cleanRate: 3, updatedAt: written)
            memories["unknown.example"] = unknown
            try catalog.savePacingMemory(unknown, hosts: ["unknown.example"])
            try catalog.saveSearchDepth(1_000, host: "block.example", at: written)
            try catalog.saveSearchDepth(500, host: "depth.example", at: written)
        }
        let run = try ETLRun.run(["status", "--catalog", fixture.catalogPath])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init).filter { $0.hasPrefix("pacing ") }
        func line(_ host: String) -> String? { lines.first { $0.contains(" \(host): ") } }
        func start(_ host: String) throws -> String { String(format: "%.2f/s", try #require(memories[host]?.startRate)) }
        #expect(lines.count == 5)
        #expect(try line("ramp.example")?.contains(": next run starts at \(start("ramp.example")) (clean 10.00/s from a ramp, ceiling 60.00/s, updated") == true)
        #expect(try line("block.example")?.contains(
            ": next run starts at \(start("block.example")) (clean 11.00/s from a block, ceiling 60.00/s, search depth 1000, updated") == true)
        #expect(line("long_run.example")?.contains("(clean 12.00/s from a long run, ceiling 60.00/s, updated") == true)
        #expect(line("unknown.example")?.contains("(clean 3.00/s, updated") == true, "no source kept: none shown")
        #expect(line("depth.example")?.contains("depth.example: no rate learnt (search depth 500, updated") == true)

        let json = try ETLRun.run(["status", "--catalog", fixture.catalogPath, "--json"])
        let status = try JSONDecoder().decode(CatalogStatus.self, from: Data(json.standardOutput.utf8))
        let byHost = Dictionary(uniqueKeysWithValues: status.pacing.map { ($0.host, $0) })
        #expect(byHost["long_run.example"]?.cleanSource == "long_run")
        #expect(byHost["block.example"]?.searchDepth == 1_000)
        #expect(byHost["ramp.example"]?.searchDepth == nil)
        #expect(byHost["unknown.example"]?.cleanSource == nil)
        #expect(byHost["depth.example"]?.nextStartRate == nil && byHost["depth.example"]?.searchDepth == 500)
    }
}
