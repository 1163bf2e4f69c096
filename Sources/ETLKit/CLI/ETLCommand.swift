/// A fully parsed and validated command line.
public enum ETLCommand: Sendable {
    case crawl(CrawlOptions, OutputOptions)
    case pages(PagesOptions)
    case images(ImageOptions, OutputOptions)
    case status(catalogPath: String, isJSON: Bool)
    case plan(CrawlPlanner, isJSON: Bool)
    case export(ExportOptions)
    case report(ReportOptions)
    /// Print this text to stdout and exit 0 (`--help`, `--version`).
    case show(String)

    /// Every subcommand, in the order `etl --help` lists them.
    public static let specs: [CommandSpec] = [
        CrawlCommand.spec, ImagesCommand.spec, PagesCommand.spec, StatusCommand.spec, PlanCommand.spec,
        ExportCommand.spec, ReportCommand.spec,
    ]

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String]) throws -> ETLCommand {
        guard let first = arguments.first else {
            throw UsageError("Missing subcommand; expected one of \(specs.map(\.name).joined(separator: ", "))", command: nil)
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let spec = specs.first(where: { $0.name == arguments[1] }) {
                return .show(spec.help)
            }
            return .show(rootHelp)
        case "--version":
            return .show("etl \(ETLVersion.current)\n")
        default:
            break
        }
        guard let spec = specs.first(where: { $0.name == first }) else {
            throw UsageError("Unknown subcommand '\(first)'; expected one of \(specs.map(\.name).joined(separator: ", "))", command: nil)
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            return .show(spec.help)
        }
        let options = try ParsedOptions(arguments: rest, spec: spec)
        switch spec.name {
        case CrawlCommand.spec.name: return try CrawlCommand.command(from: options)
        case PagesCommand.spec.name: return try PagesCommand.command(from: options)
        case ImagesCommand.spec.name: return try ImagesCommand.command(from: options)
        case PlanCommand.spec.name: return try PlanCommand.command(from: options)
        case ExportCommand.spec.name: return try ExportCommand.command(from: options)
        case ReportCommand.spec.name: return try ReportCommand.command(from: options)
        default: return try StatusCommand.command(from: options)
        }
    }

    /// `Usage: …` for the command a usage error concerns.
    public static func usage(for command: String?) -> String {
        if let command, let spec = specs.first(where: { $0.name == command }) {
            return spec.usage
        }
        return "etl <subcommand> [options]"
    }

    /// `See 'etl crawl --help' for more information.`
    public static func helpHint(for command: String?) -> String {
        let name = command.map { "etl \($0)" } ?? "etl"
        return "See '\(name) --help' for more information."
    }

    static var rootHelp: String {
        var text = """
            OVERVIEW: Build an offline dataset of displayable artworks from The Met's
            Collection API.

            etl crawls the API politely (it finds and holds the rate the front end
            tolerates), keeps only complete public-domain works, and writes page files
            (1.txt … 30.txt, one object ID a line) plus a SQLite catalog. 'etl images'
            downloads and verifies the paged works' pictures.

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

/// How a crawl reports while it runs.
public struct OutputOptions: Sendable, Equatable {
    public var isQuiet = false
    public var isJSON = false
    public init() {}
}

/// What `etl pages` needs.
public struct PagesOptions: Sendable, Equatable {
    public var catalogPath = "data/catalog.sqlite"
    public var outDirectory = "data/pages"
    public var layout = PageLayout()
    /// Page only works with a verified picture (`--require-image`).
    public var requireImage = false
    /// Also write the `N.json` bundles (`--bundles`).
    public var writesBundles = false
    public init() {}
}
