import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// Carries a run's pacing memory between the catalog and the pacer: reads
/// it for the hosts the run paces, writes what the pacer learnt back at
/// each confirmed block (on the loop's heartbeat) and at the end. Like the
/// telemetry rows, it never fails a run: a busy catalog costs a memory
/// update at most.
package struct PacingMemoryKeeper: Sendable {
    /// The hosts one pacer paces (the API's, or the picture hosts).
    package let hosts: [String]
    private var savedBlocks = 0

    package init(hosts: [String]) {
        self.hosts = hosts
    }

    /// The hosts of `urls` as memory keys, at most `limit` of them.
    package init(urls: some Sequence<String>, limit: Int = 16) {
        var seen: [String] = []
        for url in urls {
            guard let host = Self.host(of: url), !seen.contains(host) else { continue }
            seen.append(host)
            if seen.count >= limit { break }
        }
        self.init(hosts: seen)
    }

    /// The memory key of `url`: its host in lower case, with the port when one is given.
    package static func host(of url: String) -> String? {
        guard let components = URLComponents(string: url), let host = components.host?.lowercased(), !host.isEmpty else { return nil }
        return components.port.map { "\(host):\($0)" } ?? host
    }

    /// What the catalog remembers for these hosts: with several, the one
    /// that starts slowest, as one pacer serves them all.
    package func load(from catalog: Catalog) -> PacingMemory? {
        // A tampered row is rewritten now, as a run that learns nothing writes none.
        _ = try? catalog.repairPacingMemory(hosts: hosts)
        // A row may hold only a search depth: no rate to start from.
        let memories = hosts.compactMap { try? catalog.pacingMemory(host: $0) }.filter { $0.startRate != nil }
        return memories.min { ($0.startRate ?? 0) < ($1.startRate ?? 0) }
    }

    /// Writes the pacer's memory when a block was confirmed since the last
    /// write, or always when `isFinal`.
    package mutating func save(_ pacer: RequestPacer, to catalog: Catalog, isFinal: Bool) async {
        let blocks = await pacer.blocks
        guard isFinal || blocks > savedBlocks, !hosts.isEmpty, let memory = await pacer.memory else { return }
        savedBlocks = blocks
        try? catalog.savePacingMemory(memory, hosts: hosts)
    }
}
