import ETLCatalog
import ETLCommands
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FlickrSource
import MetSource
import SourceKit
import SourceRegistry
import TMDBSource
import Foundation

/// A fresh temporary directory for one test, so parallel tests never share
/// files. Use ``withCSVFile(_:named:_:)`` to get cleanup for free.
struct CSVScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("etlkit-csv-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to `name` inside the directory and returns its path.
    func write(_ bytes: [UInt8], named name: String) throws -> String {
        let fileURL = url.appendingPathComponent(name)
        try Data(bytes).write(to: fileURL)
        return fileURL.path
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Writes `bytes` to a file in a fresh directory, runs `body` with its path,
/// then deletes the directory.
func withCSVFile<T>(
    _ bytes: [UInt8],
    named name: String = "MetObjects.csv",
    _ body: (String) throws -> T
) throws -> T {
    let directory = try CSVScratchDirectory()
    defer { directory.remove() }
    return try body(directory.write(bytes, named: name))
}

/// Same as the byte version, for text fixtures.
func withCSVFile<T>(
    _ text: String,
    named name: String = "MetObjects.csv",
    _ body: (String) throws -> T
) throws -> T {
    try withCSVFile(Array(text.utf8), named: name, body)
}

/// Reads every record of `path`.
func readAllRecords(at path: String, chunkSize: Int = 64 * 1024) throws -> [CSVRecord] {
    let reader = try CSVReader(path: path, chunkSize: chunkSize)
    var records: [CSVRecord] = []
    while let record = try reader.nextRecord() {
        records.append(record)
    }
    return records
}
