/// Options that several commands share, declared once and bound to each
/// command's own field.
enum SharedOptions {
    /// The option that picks the source, and so the other options' defaults.
    static let sourceOptionName = "source"

    /// `--source`; `help` says what it changes for the command.
    static func source<Options>(_ keyPath: WritableKeyPath<Options, SourceName> & Sendable, _ help: String) -> Option<Options> {
        .choice(sourceOptionName, help, keyPath)
    }

    /// `--catalog`, by default the source's own.
    static func catalog<Options>(_ keyPath: WritableKeyPath<Options, String> & Sendable) -> Option<Options> {
        .path("catalog", "path", "The SQLite catalog.", keyPath, perSource: \.defaultCatalogPath)
    }

    /// `--out` of `crawl` and `pages`, by default the source's own folder.
    static func pagesFolder<Options>(_ keyPath: WritableKeyPath<Options, String> & Sendable) -> Option<Options> {
        .path("out", "dir", "Where the page files go.", keyPath, perSource: \.defaultOutDirectory)
    }

    /// `--pages`, `--page-size`, `--order` and `--seed`.
    static let layout: [Option<PageLayout>] = [
        .integer("pages", "n", "Number of page files.", \.pageCount, in: 1...PageLayout.maximumPageCount),
        .integer("page-size", "n", "Object IDs per page.", \.pageSize, in: 1...1_000_000),
        .choice("order", "Page order: ascending IDs, or a stable shuffle that mixes departments.", \.order),
        .custom(
            "seed", "n", "Seed of the shuffle order.", \.seed,
            parse: { text in
                guard let seed = UInt64(text) else { throw InvalidValue(expected: "a non-negative integer") }
                return seed
            },
            show: { "\($0)" }),
    ]

    /// `--pages` × `--page-size` within ``PageLayout/maximumSlots``: a set
    /// that large is a mistake, and writing it would take minutes.
    static func validate(layout: PageLayout) throws {
        let slots = layout.pageCount.multipliedReportingOverflow(by: layout.pageSize)
        guard slots.overflow || slots.partialValue > PageLayout.maximumSlots else { return }
        throw ValidationError(
            "--pages \(layout.pageCount) × --page-size \(layout.pageSize) is more than \(PageLayout.maximumSlots) places; "
                + "expected at most \(PageLayout.maximumSlots) (the Met has about 500,000 objects)")
    }

    static func requireImage<Options>(_ keyPath: WritableKeyPath<Options, Bool> & Sendable) -> Option<Options> {
        .flag(
            "require-image", "Leave out works without a picture verified by 'etl images', or whose picture repeats a smaller ID's.",
            keyPath)
    }

    static func bundles<Options>(_ keyPath: WritableKeyPath<Options, Bool> & Sendable) -> Option<Options> {
        .flag("bundles", "Also write 1.json … N.json: per work what an app shows, in page order.", keyPath)
    }

    /// `--quiet` and `--json` of `crawl` and `images`.
    static let output: [Option<OutputOptions>] = [
        .flag("quiet", "No progress output.", \.isQuiet),
        .flag("json", "Print the summary as JSON on stdout.", \.isJSON),
    ]

    /// `--user-agent`, shown shortened: the whole text is long.
    static func userAgent<Options>(_ keyPath: WritableKeyPath<Options, String> & Sendable) -> Option<Options> {
        .line("user-agent", "text", "User-Agent header.", keyPath, show: { $0.split(separator: " ").first.map { "\($0) …" } })
    }
}
