/// `etl pages`: rewrite the page files from the catalog, offline.
enum PagesCommand {
    static let command = Command<PagesOptions>(
        name: "pages",
        abstract: "Write the page files from the catalog, without the network.",
        discussion: "The same catalog and options always give byte-identical files.",
        options: [
            SharedOptions.source(\.source, "Picks the default catalog and page folder."),
            SharedOptions.catalog(\.catalogPath),
            SharedOptions.pagesFolder(\.outDirectory),
        ] + SharedOptions.layout.map { $0.scoped(to: \.layout) } + [
            SharedOptions.requireImage(\.requireImage),
            SharedOptions.bundles(\.writesBundles),
        ],
        source: \.source,
        validate: { options, _ in try SharedOptions.validate(layout: options.layout) },
        makeCommand: { .pages($0) })

    static let spec = command.spec
}
