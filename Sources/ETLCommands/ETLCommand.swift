import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import MetSource
import SourceKit
import SourceRegistry
import Store

/// A fully parsed and validated command line.
package enum ETLCommand: Sendable {
    case crawl(CrawlOptions, OutputOptions)
    case pages(PagesOptions)
    case images(ImageOptions, OutputOptions)
    case status(catalogPath: String, isJSON: Bool, source: SourceName?)
    case plan(CrawlPlanner, isJSON: Bool)
    case export(ExportOptions)
    case report(ReportOptions)
    case gallery(GalleryOptions)
    /// Print this text to stdout and exit 0 (`--help`, `--version`).
    case show(String)

    /// Every subcommand, in the order `etl --help` lists them.
    package static let subcommands: [any Subcommand] = [
        CrawlCommand.command, ImagesCommand.command, PagesCommand.command, StatusCommand.command,
        PlanCommand.command, ExportCommand.command, ReportCommand.command, GalleryCommand.command,
    ]

    /// The help of every subcommand, in the same order.
    package static let specs: [CommandSpec] = subcommands.map(\.spec)

    /// Parses `arguments` (without the program name).
    package static func parse(_ arguments: [String]) throws -> ETLCommand {
        guard let first = arguments.first else {
            throw UsageError("Missing subcommand; expected one of \(specs.map(\.name).joined(separator: ", "))", command: nil)
        }
        switch first {
        case "--help", "-h", "help":
            guard arguments.count > 1 else { return .show(rootHelp) }
            // `etl help crawll` is the typo `etl crawll` is, not a wish for etl's own help.
            guard let spec = specs.first(where: { $0.name == arguments[1] }) else { throw unknownSubcommand(arguments[1]) }
            return .show(spec.help)
        case "--version":
            return .show("etl \(ETLVersion.current)\n")
        default:
            break
        }
        guard let index = subcommands.firstIndex(where: { $0.name == first }) else { throw unknownSubcommand(first) }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            return .show(specs[index].help)
        }
        return try subcommands[index].command(from: rest)
    }

    /// `Unknown subcommand 'crawll'. Did you mean 'crawl'?`, or the list of
    /// subcommands when none is near.
    private static func unknownSubcommand(_ name: String) -> UsageError {
        let names = specs.map(\.name)
        let nearest = Suggestion.nearest(to: name, among: names)
        let hint = nearest.isEmpty ? "; expected one of \(names.joined(separator: ", "))" : "." + Suggestion.didYouMean(nearest)
        return UsageError("Unknown subcommand '\(name)'" + hint, command: nil)
    }

    /// The one line after `Usage: ` for the command a usage error concerns.
    package static func usage(for command: String?) -> String {
        if let command, let spec = specs.first(where: { $0.name == command }) {
            return spec.usageLine
        }
        return "etl <subcommand> [options]"
    }

    /// `See 'etl crawl --help' for more information.`
    package static func helpHint(for command: String?) -> String {
        let name = command.map { "etl \($0)" } ?? "etl"
        return "See '\(name) --help' for more information."
    }

    package static var rootHelp: String {
        var text = """
            OVERVIEW: Build an offline dataset of the works an app can show from a
            public API: \(SourceRegistry.first.title) by default, or another source below.

            etl crawls the API politely (it finds and holds the rate the front end
            tolerates), keeps only complete works an app may show, and writes page files
            (1.txt … 30.txt, one object ID a line) plus a SQLite catalog. 'etl images'
            downloads and verifies the paged works' pictures. Every source runs the same
            pipeline, each with its own rule and catalog.

            SOURCES (--source):

            """
        for source in SourceRegistry.all {
            let credential = source.credentials.map(\.name)
            let needs = credential.isEmpty ? "" : " (needs \(HelpText.list(credential, with: "or")))"
            text += CommandSpec.row(source.name.rawValue, source.title + needs)
        }
        text += """

            USAGE: etl <subcommand> [options]

            OPTIONS:

            """
        text += CommandSpec.row("--version", "Show the version.")
        text += CommandSpec.row("-h, --help", "Show help information.")
        text += "\nSUBCOMMANDS:\n"
        for spec in specs {
            text += CommandSpec.row(spec.name, spec.abstract)
        }
        text += "\n  See 'etl help <subcommand>' for detailed help.\n"
        return text
    }
}
