import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// What `etl export` writes.
package struct ExportOptions: Sendable, Equatable {
    package enum Format: String, Sendable, CaseIterable {
        case jsonl
        case csv
    }

    package enum Table: String, Sendable, CaseIterable {
        case works
        case objects
        case rejections
    }

    /// Picks the default catalog.
    package var source = SourceRegistry.first.name
    package var catalogPath = SourceRegistry.first.name.defaultCatalogPath
    /// `--source` when given: another source's catalog is then refused.
    package var givenSource: SourceName?
    package var format = Format.jsonl
    package var table = Table.works
    /// The file to write; nil for standard output.
    package var outPath: String?
    /// Replace an existing ordinary file at `outPath` (never a database,
    /// the catalog or a special file: see ``OutputTarget``).
    package var replacesExisting = false
    /// Prefix `'` to CSV cells a spreadsheet would run as a formula.
    package var isCSVSafe = false
    package init() {}
}
