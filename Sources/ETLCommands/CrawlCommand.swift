import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// `etl crawl`: its options, bound to `CrawlOptions`, and the rules across them.
package enum CrawlCommand {
    package static let command = Command<OptionsWithOutput<CrawlOptions>>(
        name: "crawl",
        abstract: "Fetch objects into the catalog, filter them and write the pages.",
        discussion: """
            The first run lists every object ID and fetches them all; later runs are
            incremental: new IDs, IDs changed since the last completed run (one day of
            overlap) and work left over. Stop any time (Ctrl-C, --max-duration): the next
            run resumes where this one stopped.

            """ + SharedOptions.pagingDiscussion,
        options: options.map { $0.scoped(to: \.options) } + SharedOptions.output.map { $0.scoped(to: \.output) },
        source: \.options.source,
        validate: { parsed, given in try validate(parsed.options, given: given) },
        makeCommand: { .crawl($0.options, $0.output) }
    ).reading(EnvironmentVariable.credentials + EnvironmentVariable.proxies)

    package static let spec = command.spec

    package static let options: [Option<CrawlOptions>] =
        placeOptions + pacingOptions + runOptions + sourceOptions + layoutOptions

    package static let placeOptions: [Option<CrawlOptions>] = [
        SharedOptions.api(\.api, "Base URL of the source's API.", perSource: \.defaultAPI),
        SharedOptions.source(\.source, "The API to crawl; each has its own catalog and pages."),
        SharedOptions.catalog(\.catalogPath),
        SharedOptions.pagesFolder(\.outDirectory),
        Option.path("ids", "file", "Fetch the IDs in this file (one a line) instead of listing the API.", \.idsFile)
            .validOnly(with: itemSources),
    ]

    package static let pacingOptions: [Option<CrawlOptions>] = [
        SharedOptions.concurrency,
        SharedOptions.rate(perSource: \.defaultRate),
        SharedOptions.rateStart,
        SharedOptions.rateMax(perSource: \.defaultRateMax),
        SharedOptions.cooldown,
        SharedOptions.maxAttempts("Attempts per object per run for transient failures."),
        SharedOptions.timeout,
        SharedOptions.maxRequests,
        SharedOptions.maxDuration,
    ].map { $0.scoped(to: \.pacing) }

    package static let runOptions: [Option<CrawlOptions>] = [
        SharedOptions.userAgent(\.userAgent),
        Option.flag("full", "Re-fetch every listed object, not only what changed.", \.isFull).validOnly(with: itemSources),
        Option.custom(
            "max-withdraw", "percent",
            "Stop, changing nothing, if the listing would withdraw more than this share of the catalog; 100% allows any.",
            \.maxWithdrawPercent, parse: percentage, show: { HelpText.number($0) + "%" }, perSource: \.defaultMaxWithdrawPercent),
    ]

    /// The sources fetched item by item: only they take `--ids` and `--full`.
    package static let itemSources = SourceRegistry.all.filter { !$0.readsWholeList }.map(\.name)

    /// The options only one source takes, as each source declares them.
    package static let sourceOptions: [Option<CrawlOptions>] = SourceRegistry.all.flatMap { source in
        source.options.map { option in
            if option.isFlag {
                return Option.flag(option.name, option.help, \CrawlOptions.[flag: option.key]).validOnly(with: option.source)
            }
            return Option.optional(
                option.name, option.valueName, option.help, \CrawlOptions.sourceSettings[option.key], parse: option.parse,
                show: { $0 }, absent: option.defaultValue
            ).validOnly(with: option.source)
        }
    }

    package static let layoutOptions: [Option<CrawlOptions>] = SharedOptions.paging.map { $0.scoped(to: \.paging) }

    /// The rules across options, once all are read.
    package static func validate(_ crawl: CrawlOptions, given: GivenOptions) throws {
        try SharedOptions.validate(crawl.pacing, given: given)
        try crawl.paging.layout.validate()
        try SharedOptions.checkFolder(crawl.outDirectory, option: "out", catalogPath: crawl.catalogPath)
        do {
            try SourceRegistry.source(crawl.source).validate(crawl)
        } catch {
            throw ValidationError(error.message)
        }
    }

    @Sendable package static func percentage(_ text: String) throws -> Double {
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(number), value.isFinite, value >= 0, value <= 100 else {
            throw InvalidValue(expected: "a percentage from 0% to 100%")
        }
        return value
    }
}
