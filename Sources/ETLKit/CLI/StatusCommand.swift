/// `etl status`: where the catalog stands.
enum StatusCommand {
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show what the catalog holds, the last runs and the backlog.",
        options: [SharedOptions.catalog, .flag("json", "Print the status as JSON.")])

    static func command(from options: ParsedOptions) throws -> ETLCommand {
        .status(catalogPath: try options.path("catalog") ?? "data/catalog.sqlite", isJSON: options.isSet("json"))
    }
}
