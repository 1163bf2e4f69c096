import ETLCatalog
import Foundation
import ETLCore
import FetchEngine
import SourceKit
import Store

/// Everything that can go wrong while reading a CSV file or checking it
/// against the MetObjects.csv layout.
///
/// `file` is the last path component, so messages read like
/// `MetObjects.csv line 17: expected 54 fields, found 53`.
/// Line numbers are 1-based physical lines, counting the newlines
/// embedded in quoted fields.
package enum CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened; `reason` is the system's explanation.
    case cannotOpen(path: String, reason: String)
    /// Reading from an already open file failed part way through.
    case readFailed(path: String, reason: String)
    /// A field of the record starting on `line` is not valid UTF-8.
    /// `field` is 1-based.
    case invalidEncoding(file: String, line: Int, field: Int)
    /// A quoted field opened on `line` is still open at the end of the file.
    case unterminatedQuote(file: String, line: Int)
    /// The file has no header record at all.
    case missingHeader(file: String)
    /// The header differs from the expected one; `column` is the 1-based
    /// position of the first difference. An empty `found` means the header
    /// ended early; an empty `expected` means it has an extra column.
    case wrongHeader(file: String, column: Int, expected: String, found: String)
    /// The record starting on `line` has the wrong number of fields.
    case wrongFieldCount(file: String, line: Int, expected: Int, found: Int)
    /// The record starting on `line` has an `Object ID` that is not a
    /// positive integer.
    case invalidObjectID(file: String, line: Int, value: String)
    /// The record starting on `line` is longer than `limit` bytes or has
    /// more than `fields` fields: the file is not CSV.
    case recordTooLong(file: String, line: Int, limit: Int, fields: Int)
    /// The record starting on `line` is one more than `limit` data rows.
    case tooManyRows(file: String, line: Int, limit: Int)
    /// More rows were malformed than the caller allowed; `firstLines` are
    /// where the first few of them start.
    case tooManyBadRows(file: String, count: Int, limit: Int, firstLines: [Int])

    package var description: String {
        switch self {
        case let .cannotOpen(path, reason) where reason == String(cString: strerror(ENOENT)):
            // The file is not etl's: say where it comes from.
            return "cannot open \(path): \(reason); MetObjects.csv is The Met's open-access CSV, "
                + "in https://github.com/metmuseum/openaccess (stored with Git LFS: git lfs pull)"
        case let .cannotOpen(path, reason):
            return "cannot open \(path): \(reason)"
        case let .readFailed(path, reason) where reason == String(cString: strerror(EISDIR)):
            return "cannot read \(path): it is a directory; expected a CSV file such as MetObjects.csv"
        case let .readFailed(path, reason):
            return "reading \(path) failed: \(reason)"
        case let .invalidEncoding(file, line, field):
            return "\(file) line \(line): field \(field) is not valid UTF-8"
        case let .unterminatedQuote(file, line):
            return "\(file) line \(line): quoted field is never closed before the end of the file"
        case let .missingHeader(file):
            return "\(file) is empty: expected a header line"
        case let .wrongHeader(file, column, expected, found):
            return "\(file) header: " + Self.headerDifference(column: column, expected: expected, found: found)
        case let .wrongFieldCount(file, line, expected, found):
            return "\(file) line \(line): expected \(expected) fields, found \(found)"
        case let .invalidObjectID(file, line, value):
            return "\(file) line \(line): Object ID \"\(value)\" is not a positive integer"
        case let .recordTooLong(file, line, limit, fields):
            return "\(file) line \(line): a record of more than \(limit >> 20) MiB or \(fields) fields; expected a CSV file such as MetObjects.csv"
        case let .tooManyRows(file, line, limit):
            return "\(file) line \(line): more than \(limit) data rows; expected a CSV file such as MetObjects.csv (about 500,000 rows)"
        case let .tooManyBadRows(file, count, limit, firstLines):
            let lines = firstLines.map(String.init).joined(separator: ", ")
            return "\(file): \(count) bad rows exceed the limit of \(limit) (first at lines \(lines))"
        }
    }

    private static func headerDifference(column: Int, expected: String, found: String) -> String {
        if expected.isEmpty {
            return "unexpected extra column \(column) \"\(found)\""
        }
        if found.isEmpty {
            return "column \(column) should be \"\(expected)\" but is missing or empty"
        }
        return "column \(column) should be \"\(expected)\" but is \"\(found)\""
    }
}
