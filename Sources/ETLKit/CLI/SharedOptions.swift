/// Options that several commands share, declared once.
enum SharedOptions {
    static let catalog = OptionSpec.value("catalog", "path", "The SQLite catalog.", default: "data/catalog.sqlite")
    static let out = OptionSpec.value("out", "dir", "Where the page files go.", default: "data/pages")
    static let pages = OptionSpec.value("pages", "n", "Number of page files.", default: "30")
    static let pageSize = OptionSpec.value("page-size", "n", "Object IDs per page.", default: "100")
    static let order = OptionSpec.value(
        "order", "id|shuffle", "Page order: ascending IDs, or a stable shuffle that mixes departments.",
        default: "shuffle")
    static let seed = OptionSpec.value("seed", "n", "Seed of the shuffle order.", default: "0")

    static let layout = [pages, pageSize, order, seed]
    static let requireImage = OptionSpec.flag(
        "require-image", "Leave out works without a picture verified by 'etl images', or whose picture repeats a smaller ID's.")
    static let bundles = OptionSpec.flag(
        "bundles", "Also write 1.json … N.json: per work what an app shows, in page order.")

    /// Reads `--pages`, `--page-size`, `--order` and `--seed`.
    static func layout(from options: ParsedOptions) throws -> PageLayout {
        var layout = PageLayout()
        layout.pageCount = try options.integer("pages", in: 1...100_000) ?? layout.pageCount
        layout.pageSize = try options.integer("page-size", in: 1...1_000_000) ?? layout.pageSize
        layout.order = try options.choice("order", as: PageOrder.self) ?? layout.order
        if let text = options.string("seed") {
            guard let seed = UInt64(text) else { throw options.invalid("seed", text, "a non-negative integer") }
            layout.seed = seed
        }
        return layout
    }
}
