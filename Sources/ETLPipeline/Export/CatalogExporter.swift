import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// `etl export`: streams one table of the catalog as JSON Lines or CSV.
///
/// Rows go through a 64 KB buffer straight from the SQLite cursor to the
/// file, so memory stays flat whatever the table's size. `--out` follows
/// ``OutputTarget``'s rule: a new file is written atomically, an existing
/// ordinary file is replaced only with `--replace`, a FIFO or device is
/// written into, and the catalog or any database is never a destination.
package struct CatalogExporter {
    package let options: ExportOptions
    /// A signal ends the export between two rows; nothing is left half-written.
    package let stop: StopSignal?

    package init(options: ExportOptions, stop: StopSignal? = nil) {
        self.options = options
        self.stop = stop
    }

    /// The query for each table, in a stable order; a whole table's
    /// `columns` are named, in a fresh catalog's order (see `write`).
    package static func sql(for table: ExportOptions.Table, columns: [String]) -> String {
        let named = columns.map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"" }.joined(separator: ", ")
        switch table {
        case .works: return "SELECT \(named) FROM works ORDER BY object_id"
        case .objects: return "SELECT \(named) FROM objects ORDER BY object_id"
        case .rejections: return "SELECT object_id, reason FROM rejections ORDER BY object_id, reason"
        }
    }

    /// Writes the export to `outPath` (standard output when it is nil);
    /// returns the number of rows. Standard output that cannot be written
    /// (`> /dev/full`, a closed pipe) is a ``StandardOutputError``.
    @discardableResult
    package func run(standardOutput: FileSink = .standardOutput) throws -> Int {
        guard let outPath = options.outPath else {
            let catalog = try open()
            // On a terminal the rows are read, not kept: text from the
            // network shows its control and invisible characters escaped,
            // as every line etl prints; a file or a pipe gets the bytes as stored.
            let isTerminal = isatty(standardOutput.descriptor) == 1
            return try StandardOutputError.writing {
                try write(catalog: catalog) { rows in
                    try standardOutput.write(isTerminal ? Array(TerminalText.escapedLines(String(decoding: rows, as: UTF8.self)).utf8) : rows)
                }
            }
        }
        let target: OutputTarget
        do {
            target = try OutputTarget.plan(
                for: outPath, catalogPath: options.catalogPath,
                refusal: "the file exists; pass --replace to replace it, or choose another --out"
            ) { _ in options.replacesExisting }
        } catch let error as FileOutputError {
            throw OutputError("the export", path: outPath, reason: error.reason)
        }
        let catalog = try open()
        var count = 0
        do {
            try target.write { sink in count = try write(catalog: catalog) { try sink.write($0) } }
        } catch let error as FileOutputError {
            throw OutputError("the export", path: outPath, error)
        }
        return count
    }

    private func open() throws -> Catalog {
        try Catalog.openSourceForReading(path: options.catalogPath, requiring: options.givenSource, stop: stop)
    }

    private func write(catalog: Catalog, to output: ([UInt8]) throws -> Void) throws -> Int {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(80_000)
        var count = 0
        func flush() throws {
            guard !buffer.isEmpty else { return }
            try output(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
        // A catalog opened for writing has a fresh catalog's column order
        // by now; one opened read-only keeps what an upgrade left, so its
        // columns are named in the fresh order and the export is the same.
        let columns = try catalog.columnsAsFresh(of: options.table.rawValue)
        let statement = try catalog.database.makeStatement(sql: Self.sql(for: options.table, columns: columns))
        if options.format == .csv {
            // The header comes from the schema, so an empty table still has one.
            RowEncoder.appendCSVRecord(columns, to: &buffer)
        }
        try statement.forEachRow { row in
            switch options.format {
            case .jsonl:
                RowEncoder.appendJSONLine(row, to: &buffer)
            case .csv:
                RowEncoder.appendCSVRecord(row.values.map { RowEncoder.csvField($0, formulaSafe: options.isCSVSafe) }, to: &buffer)
            }
            count += 1
            if buffer.count >= 65_536 {
                try flush()
                try StoppedBySignal.check(stop)
            }
        }
        try flush()
        return count
    }
}
