import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// The page settings of `crawl` and `pages`, which the catalog remembers.
extension SharedOptions {
    /// What `crawl` and `pages` say about the settings being kept.
    package static let pagingDiscussion = """
        --pages, --page-size, --order, --seed, --require-image and --bundles are kept
        in the catalog: a later crawl or pages run that does not give one keeps the
        catalog's (etl status shows them), so the pages stay byte-identical; a given
        one replaces it from then on. The defaults below are a new catalog's.
        """

    /// `--pages`, `--page-size`, `--order`, `--seed`, `--require-image`
    /// and `--bundles` (with `--no-…` to turn a kept flag off), each marking
    /// itself given.
    package static let paging: [Option<PageSettings>] = [
        given(.pages, .integer("pages", "n", "Number of page files.", \.layout.pageCount, in: 1...PageLayout.maximumPageCount)),
        given(.pageSize, .integer("page-size", "n", "Object IDs per page.", \.layout.pageSize, in: 1...1_000_000)),
        given(.order, .choice("order", "Page order: ascending IDs, or a stable shuffle that mixes departments.", \.layout.order)),
        given(.seed, .custom(
            "seed", "n", "Seed of the shuffle order.", \.layout.seed,
            parse: { text in
                guard let seed = UInt64(text) else { throw InvalidValue(expected: "a non-negative integer") }
                return seed
            },
            show: { "\($0)" })),
        given(.requireImage, .flag(
            "require-image", "Leave out works without a picture verified by 'etl images', or whose picture repeats a smaller ID's.",
            \.requireImage)),
        given(.requireImage, .unset("no-require-image", "Page works with or without a picture again.", \.requireImage)),
        given(.bundles, .flag("bundles", "Also write 1.json … N.json: per work what an app shows, in page order.", \.writesBundles)),
        given(.bundles, .unset("no-bundles", "Stop writing the bundles.", \.writesBundles)),
    ]


    /// `option`, also recording that the command line gave `field`.
    private static func given(_ field: PageSettings.Field, _ option: Option<PageSettings>) -> Option<PageSettings> {
        let update = option.update
        return Option(
            name: option.name, valueName: option.valueName, help: option.help, sources: option.sources,
            update: { settings, text in
                try update(&settings, text)
                settings.given.insert(field)
            },
            writeSourceDefault: option.writeSourceDefault, describe: option.describe)
    }
}

extension Option {
    /// `--no-bundles`: sets the field to false; takes no value.
    package static func unset(_ name: String, _ help: String, _ keyPath: WritableKeyPath<Options, Bool> & Sendable) -> Option {
        Option(
            name: name, valueName: nil, help: help,
            update: { options, _ in options[keyPath: keyPath] = false }, describe: { _ in nil })
    }
}
