import Foundation
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

/// Builds MetObjects.csv text from rows described by column name, so tests
/// state only the cells they care about.
enum MetCSVFixture {
    /// A row that passes every rule; tests override single cells.
    static let completeRow: [String: String] = [
        "Object ID": "1",
        "Is Public Domain": "True",
        "Artist Display Name": "Anonymous Maker",
        "Title": "A Title",
        "Classification": "Paintings",
        "Object Date": "ca. 1850",
    ]

    /// The header line followed by one line per row, LF-terminated.
    static func text(rows: [[String: String]]) -> String {
        var lines = [line(MetObjectsCSV.header)]
        for row in rows {
            lines.append(line(MetObjectsCSV.header.map { row[$0] ?? "" }))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `completeRow` with `overrides` applied.
    static func row(_ overrides: [String: String] = [:]) -> [String: String] {
        completeRow.merging(overrides) { _, new in new }
    }

    /// Joins cells into one CSV line, quoting only where RFC 4180 requires.
    static func line(_ cells: [String]) -> String {
        cells.map(quoteIfNeeded).joined(separator: ",")
    }

    private static func quoteIfNeeded(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
