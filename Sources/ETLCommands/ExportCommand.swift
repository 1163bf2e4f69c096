import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// `etl export`: one table of the catalog as JSON Lines or CSV.
package enum ExportCommand {
    package static let command = Command<ExportOptions>(
        name: "export",
        abstract: "Write a table of the catalog as JSON Lines or CSV.",
        discussion: """
            Rows are streamed in object_id order, so memory stays flat at any size.
            CSV follows RFC 4180 (header row, CRLF, quotes doubled, NULL as an empty
            field). --out is written beside its destination and renamed into place;
            an existing file is replaced only with --replace, and never when it is a
            database or the catalog. A named pipe or a device (/dev/stdout) is written
            into. A spreadsheet runs cells starting with = + - @ as formulas: --csv-safe
            prefixes such text cells with '.
            """,
        options: [
            SharedOptions.source(\.source, "Picks the default catalog."),
            SharedOptions.catalog(\.catalogPath),
            Option.choice("format", "The output format.", \.format),
            Option.choice("table", "The table to export.", \.table),
            Option.path("out", "file", "The file to write.", \.outPath, absent: "standard output"),
            Option.flag("replace", "Replace an existing ordinary file at --out.", \.replacesExisting),
            Option.flag("csv-safe", "Prefix ' to text cells starting with = + - @ (CSV only).", \.isCSVSafe),
        ],
        source: \.source,
        validate: { options, given in
            if options.isCSVSafe && options.format != .csv {
                throw ValidationError("'--csv-safe' goes with '--format csv'")
            }
            if options.replacesExisting && options.outPath == nil {
                throw ValidationError("'--replace' goes with '--out FILE'")
            }
        },
        makeCommand: { .export($0) })

    package static let spec = command.spec
}
