import Foundation

/// `etl export`: streams one table of the catalog as JSON Lines or CSV.
///
/// Rows go through a 64 KB buffer straight from the SQLite cursor to the
/// file, so memory stays flat whatever the table's size. A file is written
/// beside its destination and renamed into place when complete.
public struct CatalogExporter {
    public let options: ExportOptions

    public init(options: ExportOptions) {
        self.options = options
    }

    /// The query for each table, in a stable order.
    static func sql(for table: ExportOptions.Table) -> String {
        switch table {
        case .works: return "SELECT * FROM works ORDER BY object_id"
        case .objects: return "SELECT * FROM objects ORDER BY object_id"
        case .rejections: return "SELECT object_id, reason FROM rejections ORDER BY object_id, reason"
        }
    }

    /// Writes the export to `output` (standard output when `outPath` is nil);
    /// returns the number of rows.
    @discardableResult
    public func run(standardOutput: FileHandle = .standardOutput) throws -> Int {
        let catalog = try Catalog.open(path: options.catalogPath, create: false)
        guard let outPath = options.outPath else {
            return try write(catalog: catalog, to: standardOutput)
        }
        let staging = outPath + ".etl-partial"
        guard FileManager.default.createFile(atPath: staging, contents: nil),
              let handle = FileHandle(forWritingAtPath: staging) else {
            throw ExportError.cannotWrite(path: outPath, reason: "cannot create '\(staging)'")
        }
        do {
            let count = try write(catalog: catalog, to: handle)
            try handle.synchronize()
            try handle.close()
            guard rename(staging, outPath) == 0 else {
                throw ExportError.cannotWrite(path: outPath, reason: String(cString: strerror(errno)))
            }
            return count
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
    }

    private func write(catalog: Catalog, to handle: FileHandle) throws -> Int {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(80_000)
        var count = 0
        func flush() throws {
            guard !buffer.isEmpty else { return }
            try handle.write(contentsOf: buffer)
            buffer.removeAll(keepingCapacity: true)
        }
        let statement = try catalog.database.makeStatement(sql: Self.sql(for: options.table))
        if options.format == .csv {
            // The header comes from the schema, so an empty table still has one.
            let names = try catalog.database.fetchAll(
                sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [.text(options.table.rawValue)]
            ).map { try $0.text(named: "name") }
            RowEncoder.appendCSVRecord(names, to: &buffer)
        }
        try statement.forEachRow { row in
            switch options.format {
            case .jsonl:
                RowEncoder.appendJSONLine(row, to: &buffer)
            case .csv:
                RowEncoder.appendCSVRecord(row.values.map(RowEncoder.csvField), to: &buffer)
            }
            count += 1
            if buffer.count >= 65_536 { try flush() }
        }
        try flush()
        return count
    }
}
