/// `etl pages`: rewrite the page files from the catalog, offline.
enum PagesCommand {
    static let spec = CommandSpec(
        name: "pages",
        abstract: "Write the page files from the catalog, without the network.",
        discussion: "The same catalog and options always give byte-identical files.",
        options: [SharedOptions.catalog, SharedOptions.out] + SharedOptions.layout + [
            SharedOptions.requireImage, SharedOptions.bundles,
        ])

    static func command(from options: ParsedOptions) throws -> ETLCommand {
        var pages = PagesOptions()
        pages.catalogPath = try options.path("catalog") ?? pages.catalogPath
        pages.outDirectory = try options.path("out") ?? pages.outDirectory
        pages.layout = try SharedOptions.layout(from: options)
        pages.requireImage = options.isSet("require-image")
        pages.writesBundles = options.isSet("bundles")
        return .pages(pages)
    }
}
