import Foundation

/// `etl crawl`: its options table and their validation.
enum CrawlCommand {
    static let spec = CommandSpec(
        name: "crawl",
        abstract: "Fetch objects into the catalog, filter them and write the pages.",
        discussion: """
            The first run lists every object ID and fetches them all; later runs are
            incremental: new IDs, IDs changed since the last completed run (one day of
            overlap) and work left over. Stop any time (Ctrl-C, --max-duration): the next
            run resumes where this one stopped.
            """,
        options: [
            .value("api", "url", "Base URL of the Collection API.", default: CrawlOptions.defaultAPI),
            SharedOptions.catalog,
            SharedOptions.out,
            .value("ids", "file", "Fetch the IDs in this file (one a line) instead of listing the API."),
            .value("concurrency", "n", "Requests in flight at most.", default: "4"),
            .value("rate", "auto|r|unlimited", "Requests per second: auto finds the highest the server tolerates.", default: "auto"),
            .value("rate-start", "r", "Starting rate for --rate auto.", default: "1"),
            .value("rate-max", "r", "Highest rate --rate auto may reach.", default: "80"),
            .value("cooldown", "seconds", "Pause after the server blocks us.", default: "60"),
            .value("max-attempts", "n", "Attempts per object per run for transient failures.", default: "5"),
            .value("timeout", "seconds", "Timeout of one request.", default: "30"),
            .value("max-requests", "n", "Stop cleanly after this many requests."),
            .value("max-duration", "duration", "Stop cleanly after this long, e.g. 90m or 6h."),
            .value("user-agent", "text", "User-Agent header.", default: "etl/\(ETLVersion.current) …"),
            .flag("full", "Re-fetch every listed object, not only what changed."),
            .value(
                "max-withdraw", "percent",
                "Stop, changing nothing, if the listing would withdraw more than this share of the catalog; 100% allows any.",
                default: "10%"),
            .value("since", "yyyy-mm-dd", "Re-fetch objects changed since this day (backfill)."),
            .value("csv", "path", "Order the work with MetObjects.csv: likely complete first."),
            .flag("csv-skip", "With --csv: do not fetch objects the CSV shows cannot pass."),
        ] + SharedOptions.layout + [
            SharedOptions.requireImage, SharedOptions.bundles,
            .flag("quiet", "No progress output."),
            .flag("json", "Print the summary as JSON on stdout."),
        ])

    /// `--api`, checked and without a trailing slash.
    static func api(from options: ParsedOptions) throws -> String? {
        guard let api = options.string("api") else { return nil }
        guard let parts = URLComponents(string: api), ["http", "https"].contains(parts.scheme?.lowercased() ?? ""),
              let host = parts.host, !host.isEmpty, parts.query == nil
        else {
            throw options.invalid("api", api, "an http:// or https:// URL")
        }
        return api.hasSuffix("/") ? String(api.dropLast()) : api
    }

    static func command(from options: ParsedOptions) throws -> ETLCommand {
        var crawl = CrawlOptions()
        crawl.api = try api(from: options) ?? crawl.api
        crawl.catalogPath = try options.path("catalog") ?? crawl.catalogPath
        crawl.outDirectory = try options.path("out") ?? crawl.outDirectory
        crawl.idsFile = try options.path("ids")
        crawl.pacing.concurrency = try options.integer("concurrency", in: 1...1_024) ?? crawl.pacing.concurrency
        if let text = options.string("rate") {
            switch text {
            case "auto": crawl.pacing.rate = .auto
            case "unlimited": crawl.pacing.rate = .unlimited
            default:
                guard let value = Double(text), value >= 0.01, value <= 1e6 else {
                    throw options.invalid("rate", text, "auto, unlimited or a rate from 0.01 to 1000000 requests per second")
                }
                crawl.pacing.rate = .fixed(value)
            }
        }
        let rateRange = "a rate from 0.01 to 1000000 requests per second"
        crawl.pacing.rateStart = try options.number("rate-start", atLeast: 0.01, atMost: 1e6, expected: rateRange) ?? crawl.pacing.rateStart
        crawl.pacing.rateMax = try options.number("rate-max", atLeast: 0.01, atMost: 1e6, expected: rateRange) ?? crawl.pacing.rateMax
        if crawl.pacing.rateStart > crawl.pacing.rateMax {
            let start = options.string("rate-start") ?? "1 (the default)"
            let max = options.string("rate-max") ?? "80 (the default)"
            throw UsageError("--rate-start \(start) is above --rate-max \(max)", command: options.command)
        }
        crawl.pacing.cooldown = try options.number("cooldown", atLeast: 0, expected: "a number of seconds from 0 to 1000000000") ?? crawl.pacing.cooldown
        crawl.pacing.maxAttempts = try options.integer("max-attempts", in: 1...100) ?? crawl.pacing.maxAttempts
        crawl.pacing.timeout = try options.number("timeout", atLeast: 0.001, expected: "a number of seconds from 0.001 to 1000000000") ?? crawl.pacing.timeout
        crawl.pacing.maxRequests = try options.integer("max-requests", in: 1...Int.max)
        crawl.pacing.maxDuration = try options.duration("max-duration")
        if let agent = options.string("user-agent") {
            guard !agent.isEmpty, !agent.contains(where: { $0.isNewline }) else {
                throw options.invalid("user-agent", agent, "a non-empty single line")
            }
            crawl.userAgent = agent
        }
        crawl.isFull = options.isSet("full")
        if let text = options.string("max-withdraw") {
            let number = text.hasSuffix("%") ? String(text.dropLast()) : text
            guard let value = Double(number), value.isFinite, value >= 0, value <= 100 else {
                throw options.invalid("max-withdraw", text, "a percentage from 0% to 100%")
            }
            crawl.maxWithdrawPercent = value
        }
        crawl.since = try options.day("since")
        if crawl.isFull && crawl.since != nil {
            throw UsageError("--full and --since cannot be used together", command: options.command)
        }
        crawl.csvPath = try options.path("csv")
        crawl.isCSVSkip = options.isSet("csv-skip")
        if crawl.isCSVSkip && crawl.csvPath == nil {
            throw UsageError("--csv-skip needs '--csv <path>'", command: options.command)
        }
        crawl.layout = try SharedOptions.layout(from: options)
        crawl.requireImage = options.isSet("require-image")
        crawl.writesBundles = options.isSet("bundles")
        var output = OutputOptions()
        output.isQuiet = options.isSet("quiet")
        output.isJSON = options.isSet("json")
        return .crawl(crawl, output)
    }
}
