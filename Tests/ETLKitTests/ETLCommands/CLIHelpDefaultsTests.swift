import Foundation
import Testing
@testable import AICSource
@testable import CMASource
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import ETLReport
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource
import FetchEngine

/// Every default `--help` shows is the options struct's initial value,
/// and, per source, what parsing with that `--source` gives. The expected
/// texts are formatted here, not by the code under test.
@Suite("Command-line help defaults")
struct CLIHelpDefaultsTests {
    /// The text a help row shows for a field; nil where it shows none.
    typealias Shown<Options> = (synopsis: String, text: (Options) -> String?)

    /// The pacing rows `crawl` and `images` share, in their order.
    static func pacingShown<Parsed>(_ pacing: @escaping (Parsed) -> PacingOptions) -> [Shown<Parsed>] {
        [
            ("--concurrency <n>", { "\(pacing($0).concurrency)" }),
            ("--rate <auto|r|unlimited>", { rate(pacing($0).rate) }),
            ("--rate-start <r>", { number(pacing($0).rateStart) }),
            ("--rate-max <r>", { number(pacing($0).rateMax) }),
            ("--cooldown <seconds>", { number(pacing($0).cooldown) }),
            ("--max-attempts <n>", { "\(pacing($0).maxAttempts)" }),
            ("--timeout <seconds>", { number(pacing($0).timeout) }),
            ("--max-requests <n>", { pacing($0).maxRequests.map { "\($0)" } }),
            ("--max-duration <duration>", { pacing($0).maxDuration.map { "\(number($0))s" } }),
        ]
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func rate(_ rate: RateSetting) -> String {
        switch rate {
        case .auto: "auto"
        case .unlimited: "unlimited"
        case .fixed(let value): number(value)
        }
    }

    /// Checks `command`'s help against `initial` (the struct's initial
    /// value) and, for each source, against `parse(source)`; every option
    /// row must be in `shown` or `flags`.
    private func check<Options>(
        _ command: String, initial: Options, sources: [SourceName] = SourceName.allCases,
        parse: (SourceName) throws -> Options, shown: [Shown<Options>], flags: [(String, (Options) -> Bool)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard case .show(let help) = try ETLCommand.parse([command, "--help"]) else {
            Issue.record("\(command) --help was not shown", sourceLocation: sourceLocation)
            return
        }
        let defaults = HelpDefaults.read(help)
        let covered = Set(shown.map(\.synopsis) + flags.map(\.0) + ["--help"])
        #expect(Set(defaults.keys) == covered, "\(command): options without an expected default", sourceLocation: sourceLocation)
        for (synopsis, isSet) in flags {
            #expect(defaults[synopsis] == .some(nil), "\(command) \(synopsis) shows a default", sourceLocation: sourceLocation)
            #expect(!isSet(initial), "\(command) \(synopsis) is set initially", sourceLocation: sourceLocation)
        }
        for (synopsis, text) in shown {
            let help = defaults[synopsis] ?? nil
            let perSource = help.map(HelpDefaults.perSource)
            #expect(perSource?[.met] == text(initial), "\(command) \(synopsis): help says \(help ?? "nothing")",
                    sourceLocation: sourceLocation)
            // --source names the source itself: its default is the default source's.
            for source in sources where !synopsis.hasPrefix("--source ") {
                let parsed = try parse(source)
                #expect(perSource?[source] == text(parsed), "\(command) \(synopsis) for \(source): help says \(help ?? "nothing")",
                        sourceLocation: sourceLocation)
            }
        }
    }

    private static func sourceArguments(_ source: SourceName) -> [String] {
        ["--source", source.rawValue]
    }

    @Test("crawl --help shows CrawlOptions' initial values and each source's defaults")
    func crawl() throws {
        typealias Parsed = OptionsWithOutput<CrawlOptions>
        let shown: [Shown<Parsed>] = [
            ("--api <url>", { $0.options.api }),
            ("--source <met|flickr|tmdb|aic|cma>", { $0.options.source.rawValue }),
            ("--catalog <path>", { $0.options.catalogPath }),
            ("--out <dir>", { $0.options.outDirectory }),
            ("--ids <file>", { $0.options.idsFile }),
        ] + Self.pacingShown { $0.options.pacing } + [
            // Shown shortened: the version, then an ellipsis.
            ("--user-agent <text>", { $0.options.userAgent.components(separatedBy: " ")[0] + " …" }),
            ("--max-withdraw <percent>", { Self.number($0.options.maxWithdrawPercent) + "%" }),
            ("--since <yyyy-mm-dd>", { $0.options.met.since }),
            ("--csv <path>", { $0.options.met.csvPath }),
            ("--text <text>", { $0.options[settings: FlickrQuery.self].text }),
            ("--tags <tags>", { $0.options[settings: FlickrQuery.self].tags }),
            ("--license <id,…>", { $0.options[settings: FlickrQuery.self].license }),
            ("--image-size <letter>", { $0.options[settings: FlickrQuery.self].imageSize }),
            ("--region <code>", { $0.options[settings: TMDBQuery.self].region }),
            ("--language <code>", { $0.options[settings: TMDBQuery.self].language }),
            ("--contact <address>", { $0.options[settings: AICQuery.self].contact }),
            ("--image-width <pixels>", { "\($0.options[settings: AICQuery.self].imageWidth)" }),
            ("--picture <web|print>", { $0.options.sourceSettings[CMASource.pictureKey] ?? "web" }),
            ("--pages <n>", { "\($0.options.paging.layout.pageCount)" }),
            ("--page-size <n>", { "\($0.options.paging.layout.pageSize)" }),
            ("--order <id|shuffle>", { $0.options.paging.layout.order.rawValue }),
            ("--seed <n>", { "\($0.options.paging.layout.seed)" }),
        ]
        let flags: [(String, (Parsed) -> Bool)] = [
            ("--full", { $0.options.isFull }), ("--csv-skip", { $0.options.met.isCSVSkip }),
            ("--require-image", { $0.options.paging.requireImage }), ("--bundles", { $0.options.paging.writesBundles }),
            ("--no-require-image", { $0.options.paging.given.contains(.requireImage) }),
            ("--no-bundles", { $0.options.paging.given.contains(.bundles) }),
            ("--quiet", { $0.output.isQuiet }), ("--json", { $0.output.isJSON }),
        ]
        try check(
            "crawl", initial: Parsed(options: CrawlOptions(), output: OutputOptions()),
            parse: { source in
                // Flickr needs something to search for; --text has no default to compare.
                let search = source == .flickr ? ["--text", "x"] : []
                var parsed = try CrawlCommand.command.parse(Self.sourceArguments(source) + search)
                parsed.options[settings: FlickrQuery.self].text = nil
                return parsed
            },
            shown: shown, flags: flags)
    }

    @Test("images --help shows ImageOptions' initial values and each source's defaults")
    func images() throws {
        typealias Parsed = OptionsWithOutput<ImageOptions>
        let shown: [Shown<Parsed>] = [
            ("--source <met|flickr|tmdb|aic|cma>", { $0.options.source.rawValue }),
            ("--catalog <path>", { $0.options.catalogPath }),
            ("--dir <dir>", { $0.options.directory }),
            ("--image-hosts <host,…>", { $0.options.imageHosts.names.sorted().joined(separator: ",") }),
            ("--thumb-size <px>", { "\($0.options.pictures.thumbSize)" }),
            ("--thumb-format <webp|jpeg>", { $0.options.pictures.thumbFormat.rawValue }),
        ] + Self.pacingShown { $0.options.pacing } + [
            ("--user-agent <text>", { $0.options.userAgent.components(separatedBy: " ")[0] + " …" }),
        ]
        let flags: [(String, (Parsed) -> Bool)] = [
            ("--all", { $0.options.isAll }), ("--retry-failed", { $0.options.retryFailed }),
            ("--quiet", { $0.output.isQuiet }), ("--json", { $0.output.isJSON }),
        ]
        try check(
            "images", initial: Parsed(options: ImageOptions(), output: OutputOptions()),
            parse: { try ImagesCommand.command.parse(Self.sourceArguments($0)) }, shown: shown, flags: flags)
    }

    @Test("pages --help shows PagesOptions' initial values and each source's defaults")
    func pages() throws {
        try check(
            "pages", initial: PagesOptions(), parse: { try PagesCommand.command.parse(Self.sourceArguments($0)) },
            shown: [
                ("--source <met|flickr|tmdb|aic|cma>", { $0.source.rawValue }), ("--catalog <path>", { $0.catalogPath }),
                ("--out <dir>", { $0.outDirectory }), ("--pages <n>", { "\($0.paging.layout.pageCount)" }),
                ("--page-size <n>", { "\($0.paging.layout.pageSize)" }), ("--order <id|shuffle>", { $0.paging.layout.order.rawValue }),
                ("--seed <n>", { "\($0.paging.layout.seed)" }),
            ],
            flags: [
                ("--require-image", { $0.paging.requireImage }), ("--bundles", { $0.paging.writesBundles }),
                ("--no-require-image", { $0.paging.given.contains(.requireImage) }),
                ("--no-bundles", { $0.paging.given.contains(.bundles) }),
            ])
    }

    @Test("status --help shows StatusOptions' initial values and each source's defaults")
    func status() throws {
        try check(
            "status", initial: StatusOptions(), parse: { try StatusCommand.command.parse(Self.sourceArguments($0)) },
            shown: [("--source <met|flickr|tmdb|aic|cma>", { $0.source.rawValue }), ("--catalog <path>", { $0.catalogPath })],
            flags: [("--json", { $0.isJSON })])
    }

    @Test("export --help shows ExportOptions' initial values and each source's defaults")
    func export() throws {
        try check(
            "export", initial: ExportOptions(), parse: { try ExportCommand.command.parse(Self.sourceArguments($0)) },
            shown: [
                ("--source <met|flickr|tmdb|aic|cma>", { $0.source.rawValue }), ("--catalog <path>", { $0.catalogPath }),
                ("--format <jsonl|csv>", { $0.format.rawValue }),
                ("--table <works|objects|rejections>", { $0.table.rawValue }),
                ("--out <file>", { $0.outPath ?? "standard output" }),
            ],
            flags: [("--replace", { $0.replacesExisting }), ("--csv-safe", { $0.isCSVSafe })])
    }

    @Test("report --help shows ReportOptions' initial values and each source's defaults")
    func report() throws {
        try check(
            "report", initial: ReportOptions(), parse: { try ReportCommand.command.parse(Self.sourceArguments($0)) },
            shown: [
                ("--source <met|flickr|tmdb|aic|cma>", { $0.source.rawValue }), ("--catalog <path>", { $0.catalogPath }),
                ("--out <file>", { $0.outPath ?? "report.html beside the catalog" }),
                ("--runs <n>", { "\($0.runLimit)" }),
            ],
            flags: [])
    }

    @Test("gallery --help shows GalleryOptions' initial values and each source's defaults")
    func gallery() throws {
        try check(
            "gallery", initial: GalleryOptions(), parse: { try GalleryCommand.command.parse(Self.sourceArguments($0)) },
            shown: [
                ("--source <met|flickr|tmdb|aic|cma>", { $0.source.rawValue }), ("--catalog <path>", { $0.catalogPath }),
                ("--page <n>", { $0.page.map { "\($0)" } }),
                ("--out <dir>", { $0.outDirectory ?? "gallery beside the catalog" }),
            ],
            flags: [])
    }

    @Test("plan --help shows the planner's initial values")
    func plan() throws {
        try check(
            "plan", initial: PlanOptions(), sources: [], parse: { _ in PlanOptions() },
            shown: [
                ("--csv <path>", { $0.planner.csvPath.isEmpty ? nil : $0.planner.csvPath }),
                ("--api <url>", { $0.planner.api }), ("--ids <file>", { $0.planner.idsFile }),
                ("--rate <r>", { Self.number($0.planner.rate) }),
            ],
            flags: [("--json", { $0.isJSON })])
        let parsed = try PlanCommand.command.parse(["--csv", "m.csv"])
        #expect(parsed.planner.api == CrawlPlanner(csvPath: "m.csv").api)
        #expect(parsed.planner.rate == CrawlPlanner(csvPath: "m.csv").rate)
    }

    @Test("the help's defaults parse back as this test reads them")
    func helpDefaultsReader() {
        let help = "USAGE: x\n\nOPTIONS:\n  --a <n>                   A thing. (default: 1; 2 for\n                            flickr)\n"
            + "  --source <met|flickr|tmdb|aic|cma>\n                            Picks. (default: met)\n  --flag                    On.\n"
            + "  --rate <auto|r|unlimited> Requests per second. (default: auto)\n"
        let defaults = HelpDefaults.read(help)
        #expect(defaults["--a <n>"] == "1; 2 for flickr")
        #expect(defaults["--source <met|flickr|tmdb|aic|cma>"] == "met")
        #expect(defaults["--flag"] == .some(nil))
        #expect(defaults["--rate <auto|r|unlimited>"] == "auto")
        #expect(defaults.count == 4)
        #expect(HelpDefaults.perSource("d/c.sqlite; d/<source>/c.sqlite for flickr and tmdb")
                == [.met: "d/c.sqlite", .flickr: "d/flickr/c.sqlite", .tmdb: "d/tmdb/c.sqlite", .aic: "d/c.sqlite", .cma: "d/c.sqlite"])
        #expect(HelpDefaults.perSource("auto; 1 for flickr") == [.met: "auto", .flickr: "1", .tmdb: "auto", .aic: "auto", .cma: "auto"])
    }
}
