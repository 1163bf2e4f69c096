/// `etl export`: one table of the catalog as JSON Lines or CSV.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write a table of the catalog as JSON Lines or CSV.",
        discussion: """
            Rows are streamed in object_id order, so memory stays flat at any size.
            CSV follows RFC 4180 (header row, CRLF, quotes doubled, NULL as an empty
            field). --out is written beside its destination and renamed into place.
            """,
        options: [
            SharedOptions.catalog,
            .value("format", "jsonl|csv", "The output format.", default: "jsonl"),
            .value("table", "works|objects|rejections", "The table to export.", default: "works"),
            .value("out", "file", "The file to write.", default: "standard output"),
        ])

    static func command(from options: ParsedOptions) throws -> ETLCommand {
        var export = ExportOptions()
        export.catalogPath = try options.path("catalog") ?? export.catalogPath
        export.format = try options.choice("format", as: ExportOptions.Format.self) ?? export.format
        export.table = try options.choice("table", as: ExportOptions.Table.self) ?? export.table
        export.outPath = try options.path("out")
        return .export(export)
    }
}
