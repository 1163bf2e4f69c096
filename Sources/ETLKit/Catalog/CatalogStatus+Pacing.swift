import FetchEngine
import Foundation

extension CatalogStatus {
    /// What `--rate auto` remembers for one host (the `pacing_memory` table).
    public struct Pacing: Sendable, Equatable, Codable {
        public var host: String
        /// The rate the next run starts at; nil when the memory is stale and it slow-starts.
        public var nextStartRate: Double?
        public var cleanRate: Double?
        public var ceiling: Double?
        public var lastBlockAt: String?
        public var lastBlockSeconds: Double?
        public var updatedAt: String
    }
}

extension Catalog {
    /// The pacing memory of every host, as `etl status` shows it at `now`.
    func pacingStatus(at now: Date = Date()) throws -> [CatalogStatus.Pacing] {
        try pacingMemories().map { host, memory in
            CatalogStatus.Pacing(
                host: host, nextStartRate: memory.isFresh(at: now) ? memory.startRate : nil,
                cleanRate: memory.cleanRate, ceiling: memory.ceiling,
                lastBlockAt: memory.lastBlockAt.map(Timestamp.string(from:)), lastBlockSeconds: memory.lastBlockSeconds,
                updatedAt: Timestamp.string(from: memory.updatedAt))
        }
    }
}
