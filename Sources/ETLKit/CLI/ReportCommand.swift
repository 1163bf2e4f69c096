/// `etl report`: one HTML page with charts of the crawls and the dataset.
enum ReportCommand {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Write an HTML page with charts of the crawls and the dataset.",
        discussion: """
            One self-contained file (inline SVG and CSS, no script, nothing fetched)
            that reads on a phone and a desktop: each recent crawl minute by minute
            (requests against the rate in force and the learnt ceiling, blocks
            marked), works kept and the backlog across crawls, the dataset by
            department, century and rejection reason, picture coverage, and a table
            of the last crawls. The same catalog gives the same bytes, apart from
            the "Generated at" line.
            """,
        options: [
            SharedOptions.catalog,
            .value("out", "file", "The page to write.", default: "report.html beside the catalog"),
            .value("runs", "n", "Crawls and image runs shown minute by minute; crawls in the table.", default: "14"),
        ])

    static func command(from options: ParsedOptions) throws -> ETLCommand {
        var report = ReportOptions()
        report.catalogPath = try options.path("catalog") ?? report.catalogPath
        report.outPath = try options.path("out")
        report.runLimit = try options.integer("runs", in: 1...1_000) ?? report.runLimit
        return .report(report)
    }
}
