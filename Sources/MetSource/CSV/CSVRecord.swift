import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// One CSV record: its decoded fields and where it starts in the file.
package struct CSVRecord: Sendable, Equatable {
    /// The fields in file order, with quotes removed and doubled quotes
    /// collapsed. Whitespace is kept as written.
    package let fields: [String]
    /// The 1-based physical line on which the record starts. Records with
    /// newlines inside quoted fields span several lines, so this can jump
    /// by more than one between consecutive records.
    package let line: Int

    /// Creates a record; the reader builds these, tests compare against them.
    package init(fields: [String], line: Int) {
        self.fields = fields
        self.line = line
    }
}
