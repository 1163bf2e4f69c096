import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

extension CatalogStatus {
    /// What `--rate auto` remembers for one host (the `pacing_memory` table).
    package struct Pacing: Sendable, Equatable, Codable {
        package var host: String
        /// The rate the next run starts at; nil when the memory is stale and it slow-starts.
        package var nextStartRate: Double?
        package var cleanRate: Double?
        /// How the clean rate was learnt (`ramp`, `block`, `long_run`); nil when unknown or no clean rate.
        package var cleanSource: String?
        package var ceiling: Double?
        /// The deepest result the host's search served, which the next run asks no deeper than.
        package var searchDepth: Int?
        package var lastBlockAt: String?
        package var lastBlockSeconds: Double?
        package var updatedAt: String
    }
}

extension Catalog {
    /// The pacing memory of every host, as `etl status` shows it at `now`.
    package func pacingStatus(at now: Date = Date()) throws -> [CatalogStatus.Pacing] {
        try pacingMemories().map { host, memory in
            CatalogStatus.Pacing(
                host: host, nextStartRate: memory.isFresh(at: now) ? memory.startRate : nil,
                cleanRate: memory.cleanRate, cleanSource: memory.cleanSource?.rawValue, ceiling: memory.ceiling,
                searchDepth: try searchDepth(host: host),
                lastBlockAt: memory.lastBlockAt.map(Timestamp.string(from:)), lastBlockSeconds: memory.lastBlockSeconds,
                updatedAt: Timestamp.string(from: memory.updatedAt))
        }
    }
}
