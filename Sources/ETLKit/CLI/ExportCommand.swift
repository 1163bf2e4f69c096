/// `etl export`: one table of the catalog as JSON Lines or CSV.
enum ExportCommand {
    static let command = Command<ExportOptions>(
        name: "export",
        abstract: "Write a table of the catalog as JSON Lines or CSV.",
        discussion: """
            Rows are streamed in object_id order, so memory stays flat at any size.
            CSV follows RFC 4180 (header row, CRLF, quotes doubled, NULL as an empty
            field). --out is written beside its destination and renamed into place.
            """,
        options: [
            SharedOptions.source(\.source, "Picks the default catalog."),
            SharedOptions.catalog(\.catalogPath),
            Option.choice("format", "The output format.", \.format),
            Option.choice("table", "The table to export.", \.table),
            Option.path("out", "file", "The file to write.", \.outPath, absent: "standard output"),
        ],
        source: \.source,
        makeCommand: { .export($0) })

    static let spec = command.spec
}
