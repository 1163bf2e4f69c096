/// `etl crawl`: its options, bound to `CrawlOptions`, and the rules across them.
enum CrawlCommand {
    static let command = Command<OptionsWithOutput<CrawlOptions>>(
        name: "crawl",
        abstract: "Fetch objects into the catalog, filter them and write the pages.",
        discussion: """
            The first run lists every object ID and fetches them all; later runs are
            incremental: new IDs, IDs changed since the last completed run (one day of
            overlap) and work left over. Stop any time (Ctrl-C, --max-duration): the next
            run resumes where this one stopped.
            """,
        options: options.map { $0.scoped(to: \.options) } + SharedOptions.output.map { $0.scoped(to: \.output) },
        source: \.options.source,
        validate: { parsed, given in try validate(parsed.options, given: given) },
        makeCommand: { .crawl($0.options, $0.output) })

    static let spec = command.spec

    static let options: [Option<CrawlOptions>] =
        placeOptions + pacingOptions + runOptions + sourceOptions + layoutOptions

    static let placeOptions: [Option<CrawlOptions>] = [
        SharedOptions.api(\.api, "Base URL of the source's API.", perSource: \.defaultAPI),
        SharedOptions.source(\.source, "The API to crawl; each has its own catalog and pages."),
        SharedOptions.catalog(\.catalogPath),
        SharedOptions.pagesFolder(\.outDirectory),
        Option.path("ids", "file", "Fetch the IDs in this file (one a line) instead of listing the API.", \.idsFile)
            .validOnly(with: .met),
    ]

    static let pacingOptions: [Option<CrawlOptions>] = [
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

    static let runOptions: [Option<CrawlOptions>] = [
        SharedOptions.userAgent(\.userAgent),
        Option.flag("full", "Re-fetch every listed object, not only what changed.", \.isFull).validOnly(with: .met),
        Option.custom(
            "max-withdraw", "percent",
            "Stop, changing nothing, if the listing would withdraw more than this share of the catalog; 100% allows any.",
            \.maxWithdrawPercent, parse: percentage, show: { HelpText.number($0) + "%" }, perSource: \.defaultMaxWithdrawPercent),
        Option.custom(
            "since", "yyyy-mm-dd", "Re-fetch objects changed since this day (backfill).", \.since,
            parse: day, show: { $0 }
        ).validOnly(with: .met),
        Option.path("csv", "path", "Order the work with MetObjects.csv: likely complete first.", \.csvPath)
            .validOnly(with: .met),
        Option.flag("csv-skip", "With --csv: do not fetch objects the CSV shows cannot pass.", \.isCSVSkip)
            .validOnly(with: .met),
    ]

    static let layoutOptions: [Option<CrawlOptions>] = SharedOptions.layout.map { $0.scoped(to: \.layout) } + [
        SharedOptions.requireImage(\.requireImage),
        SharedOptions.bundles(\.writesBundles),
    ]

    /// The rules across options, once all are read.
    static func validate(_ crawl: CrawlOptions, given: GivenOptions) throws {
        try SharedOptions.validate(crawl.pacing, given: given)
        try SharedOptions.validate(layout: crawl.layout)
        if crawl.isFull && crawl.since != nil {
            throw ValidationError("--full and --since cannot be used together")
        }
        if crawl.isCSVSkip && crawl.csvPath == nil {
            throw ValidationError("--csv-skip needs '--csv <path>'")
        }
        if crawl.source == .flickr && crawl.flickr.text == nil && crawl.flickr.tags == nil {
            throw ValidationError("--source flickr needs '--text <text>' or '--tags <tags>'")
        }
    }

    @Sendable static func percentage(_ text: String) throws -> Double {
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(number), value.isFinite, value >= 0, value <= 100 else {
            throw InvalidValue(expected: "a percentage from 0% to 100%")
        }
        return value
    }

    /// A day as `YYYY-MM-DD`.
    @Sendable static func day(_ text: String) throws -> String {
        guard Timestamp.date(fromDay: text) != nil else {
            throw InvalidValue(expected: "a real calendar date as YYYY-MM-DD")
        }
        return text
    }
}
