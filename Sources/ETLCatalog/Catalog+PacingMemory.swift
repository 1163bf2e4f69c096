import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import Store

/// The `pacing_memory` table: what `--rate auto` learnt per host (see
/// ``PacingMemory``), read before a run and written at each confirmed block
/// and at the end.
extension Catalog {
    /// The memory kept for `host`, fresh or not; nil when none. Values no
    /// run could have learnt (see ``PacingMemory/minimumRate``) are left out.
    package func pacingMemory(host: String) throws -> PacingMemory? {
        try storedPacingMemory(host: host)?.memory
    }

    /// Rewrites the rows of `hosts` that hold values no run could have
    /// learnt (a tampered or damaged catalog), without them: a crawl does
    /// so before it starts, so such a row is replaced even by a run that
    /// learns nothing. Returns how many rows it rewrote.
    @discardableResult
    package func repairPacingMemory(hosts: [String]) throws -> Int {
        var repaired = 0
        for host in hosts {
            guard let stored = try storedPacingMemory(host: host), stored.isPartlyDropped else { continue }
            try savePacingMemory(stored.memory, hosts: [host])
            repaired += 1
        }
        return repaired
    }

    /// The row of `host` as a memory, and whether the memory left out any of its values.
    private func storedPacingMemory(host: String) throws -> (memory: PacingMemory, isPartlyDropped: Bool)? {
        let row = try database.fetchOne(sql: """
            SELECT ceiling, clean_rate, clean_source, last_block_seconds,
                   (julianday(last_block_at) - 2440587.5) * 86400.0 AS last_block_unix,
                   (julianday(updated_at) - 2440587.5) * 86400.0 AS updated_unix
              FROM pacing_memory WHERE host = ?
            """, arguments: [.text(host)])
        guard let row, let updated = try row.real(named: "updated_unix") else { return nil }
        let ceiling = try row.real(named: "ceiling"), cleanRate = try row.real(named: "clean_rate")
        let lastBlockSeconds = try row.real(named: "last_block_seconds")
        let memory = PacingMemory(
            ceiling: ceiling, cleanRate: cleanRate,
            cleanSource: try row.text(named: "clean_source").flatMap(CleanRateSource.init(rawValue:)),
            lastBlockAt: try row.real(named: "last_block_unix").map(Date.init(timeIntervalSince1970:)),
            lastBlockSeconds: lastBlockSeconds,
            updatedAt: Date(timeIntervalSince1970: updated))
        let isPartlyDropped = memory.ceiling != ceiling || memory.cleanRate != cleanRate || memory.lastBlockSeconds != lastBlockSeconds
        return (memory, isPartlyDropped)
    }

    /// Every host's memory, by host.
    package func pacingMemories() throws -> [(host: String, memory: PacingMemory)] {
        let hosts = try database.fetchAll(sql: "SELECT host FROM pacing_memory ORDER BY host").compactMap { try $0.text(named: "host") }
        return try hosts.compactMap { host in try pacingMemory(host: host).map { (host, $0) } }
    }

    /// Stores `memory` for each of `hosts`, in one short transaction.
    package func savePacingMemory(_ memory: PacingMemory, hosts: [String]) throws {
        let statement = try database.makeStatement(sql: """
            INSERT INTO pacing_memory (host, ceiling, clean_rate, clean_source, last_block_at, last_block_seconds, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (host) DO UPDATE SET
                ceiling = excluded.ceiling, clean_rate = excluded.clean_rate, clean_source = excluded.clean_source,
                last_block_at = excluded.last_block_at, last_block_seconds = excluded.last_block_seconds,
                updated_at = excluded.updated_at
            """)
        func value(_ number: Double?) -> DatabaseValue { number.map { .real($0) } ?? .null }
        try database.transaction {
            for host in hosts {
                try statement.execute(arguments: [
                    .text(host), value(memory.ceiling), value(memory.cleanRate),
                    memory.cleanSource.map { .text($0.rawValue) } ?? .null,
                    memory.lastBlockAt.map { .text(Timestamp.string(from: $0)) } ?? .null,
                    value(memory.lastBlockSeconds), .text(Timestamp.string(from: memory.updatedAt)),
                ])
            }
        }
    }

    /// The deepest result `host`'s search served, as an earlier run learnt it; nil when none did.
    package func searchDepth(host: String) throws -> Int? {
        try database.fetchOne(sql: "SELECT search_depth FROM pacing_memory WHERE host = ?", arguments: [.text(host)])?
            .integer(named: "search_depth")
    }

    /// Remembers the deepest result `host`'s search serves; the rate memory
    /// of the host, if any, is left as it is.
    package func saveSearchDepth(_ depth: Int, host: String, at now: Date = Date()) throws {
        try database.transaction {
            try database.execute(sql: """
                INSERT INTO pacing_memory (host, search_depth, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (host) DO UPDATE SET search_depth = excluded.search_depth
                """, arguments: [.text(host), .integer(Int64(depth)), .text(Timestamp.string(from: now))])
        }
    }
}
