import Foundation
import Testing
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

/// `--help`, `help <command>` and `--version` from the real executable.
@Suite("Command-line help")
struct CLIHelpTests {
    /// Runs `etl arguments`, which must succeed with nothing on stderr.
    private func show(_ arguments: [String]) throws -> String {
        let run = try ETLRun.run(arguments, timeout: 60)
        #expect(run.exitCode == 0, "etl \(arguments.joined(separator: " "))")
        #expect(run.standardError == "", "etl \(arguments.joined(separator: " "))")
        return run.standardOutput
    }

    /// The text with every run of spaces and newlines made one space, so
    /// wrapped help reads as the table wrote it.
    private func unwrapped(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// Lines over 80 columns, except one word too long for any line (a
    /// URL) standing alone in the description column.
    private func longLines(_ text: String) -> [String] {
        text.components(separatedBy: "\n")
            .filter { $0.count > 80 }
            .filter { line in !(line.hasPrefix(String(repeating: " ", count: 28)) && !line.dropFirst(28).contains(" ")) }
            .map { line in "\(line.count) columns: \(line)" }
    }

    /// `etl <command> --help` and `etl help <command>` for every subcommand.
    static let helpCommands: [(arguments: [String], command: String)] = ETLCommand.specs.flatMap { spec in
        [([spec.name, "--help"], spec.name), (["help", spec.name], spec.name), ([spec.name, "-h"], spec.name)]
    }

    @Test("command help lists every option of the table with its default", arguments: helpCommands)
    func commandHelp(arguments: [String], command: String) throws {
        let spec = try #require(ETLCommand.specs.first { $0.name == command })
        let text = try show(arguments)
        #expect(text.hasPrefix("OVERVIEW: "))
        #expect(text.hasSuffix("\n"))
        #expect(text.contains("\nUSAGE: etl \(command) "))
        #expect(text.contains("\nOPTIONS:\n"))
        #expect(text == spec.help)
        let flat = unwrapped(text)
        #expect(flat.contains("OVERVIEW: \(spec.abstract)"))
        #expect(spec.options.count > 1)
        for option in spec.options {
            #expect(flat.contains(" \(option.synopsis) \(option.help)"), "\(command): \(option.synopsis) is missing")
            if let value = option.defaultValue {
                #expect(flat.contains("\(option.help) (default: \(value))"), "\(command): default of \(option.synopsis)")
            }
            if option.name != "help" {
                #expect(unwrapped(spec.usage).contains(option.usageSynopsis), "\(command) usage: \(option.synopsis)")
                #expect(option.usageSynopsis == (option.isRequired ? option.synopsis : "[\(option.synopsis)]"))
            }
        }
    }

    @Test("crawl help follows the crawl table, defaults included")
    func crawlHelpFollowsTheTable() throws {
        let flat = unwrapped(try show(["crawl", "--help"]))
        #expect(flat.contains("USAGE: etl crawl [--api <url>]"))
        let names = CrawlCommand.spec.options.map(\.name)
        for name in ["api", "catalog", "out", "ids", "concurrency", "rate", "rate-start", "rate-max", "cooldown",
                     "max-attempts", "timeout", "max-requests", "max-duration", "user-agent", "full", "since",
                     "pages", "page-size", "order", "seed", "quiet", "json", "help", "source", "text", "tags",
                     "license", "image-size", "region", "language"] {
            #expect(names.contains(name), "the crawl table lost --\(name)")
        }
        for (synopsis, value) in [
            ("--api <url>",
             "\(CrawlOptions.defaultAPI); https://api.flickr.com/services/rest for flickr; https://api.themoviedb.org/3 for tmdb; "
                + "https://api.artic.edu/api/v1 for aic; https://openaccess-api.clevelandart.org/api for cma"),
            ("--source <met|flickr|tmdb|aic|cma>", "met"),
            ("--catalog <path>", "data/catalog.sqlite; data/<source>/catalog.sqlite for flickr, tmdb, aic and cma"),
            ("--out <dir>", "data/pages; data/<source>/pages for flickr, tmdb, aic and cma"), ("--pages <n>", "30"),
            ("--page-size <n>", "100"), ("--order <id|shuffle>", "shuffle"), ("--seed <n>", "0"), ("--concurrency <n>", "4"),
            ("--rate <auto|r|unlimited>", "auto; 1 for flickr and aic"), ("--rate-start <r>", "1"), ("--rate-max <r>", "80; 40 for tmdb"),
            ("--cooldown <seconds>", "60"), ("--max-attempts <n>", "5"), ("--timeout <seconds>", "30"),
        ] {
            let option = try #require(CrawlCommand.spec.options.first { $0.synopsis == synopsis }, "\(synopsis)")
            #expect(option.defaultValue == value, "\(synopsis)")
            #expect(flat.contains("\(synopsis) \(option.help) (default: \(value))"), "\(synopsis)")
        }
    }

    @Test("no help line is wider than 80 columns", arguments: [["--help"]] + ETLCommand.specs.map { [$0.name, "--help"] })
    func helpFitsEightyColumns(arguments: [String]) throws {
        let text = try show(arguments)
        #expect(!text.isEmpty)
        #expect(longLines(text) == [], "etl \(arguments.joined(separator: " "))")
    }

    @Test("every continued line of a help table starts in the description column", arguments: ETLCommand.specs.map(\.name))
    func helpTableAligned(command: String) throws {
        let text = try show([command, "--help"])
        let tables = text.components(separatedBy: "\nOPTIONS:\n").dropFirst().joined()
        var rows = 0
        for line in tables.components(separatedBy: "\n") where !line.isEmpty && line != "ENVIRONMENT:" {
            rows += 1
            if line.hasPrefix("  ") && !line.hasPrefix("   ") { continue }  // a row's own first line
            #expect(line.prefix(28).allSatisfy { $0 == " " } && line.dropFirst(28).first != " ", "\(command): '\(line)'")
        }
        #expect(rows > 2)
    }

    @Test("crawl --help names the variables each source's credential is read from, and the proxy variables")
    func helpNamesEnvironment() throws {
        let text = try show(["crawl", "--help"])
        let environment = try #require(text.components(separatedBy: "\nENVIRONMENT:\n").last)
        let named = Set(environment.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) })
        // The oracle is the reader itself: every variable a source's credential comes from.
        let read = Set(SourceName.allCases.flatMap { SourceCredential.variables(for: $0) })
        #expect(read == ["FLICKR_API_KEY", "TMDB_READ_TOKEN", "TMDB_API_KEY"])
        #expect(read.isSubset(of: named), "named: \(named)")
        #expect(named.contains("https_proxy") && named.contains("NO_PROXY"))
        let images = try show(["images", "--help"])
        #expect(images.contains("\nENVIRONMENT:\n  https_proxy "))
        #expect(!images.contains("FLICKR_API_KEY"))
        for offline in ["pages", "status", "export", "report"] {
            #expect(!(try show([offline, "--help"])).contains("ENVIRONMENT:"), "\(offline) reads no variable")
        }
    }

    @Test("a usage error is the error, one usage line and the pointer to --help, in 80 columns", arguments: ETLCommand.specs.map(\.name))
    func usageFitsEightyColumns(command: String) throws {
        let run = try ETLRun.run([command, "--nope"], timeout: 60)
        #expect(run.exitCode == 64)
        let spec = try #require(ETLCommand.specs.first { $0.name == command })
        #expect(run.standardError == """
            Error: Unknown option '--nope'
            Usage: \(spec.usageLine)
              See 'etl \(command) --help' for more information.

            """)
        #expect(spec.usageLine.hasPrefix("etl \(command) ") && !spec.usageLine.contains("\n"))
        #expect(longLines(run.standardError) == [])
    }

    @Test("etl --help lists the subcommands")
    func rootHelp() throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let text = try show(arguments)
            #expect(text.hasPrefix("OVERVIEW: "))
            #expect(text.contains("\nUSAGE: etl <subcommand> [options]\n"))
            #expect(text.contains("\nSUBCOMMANDS:\n"))
            let flat = unwrapped(text)
            for spec in ETLCommand.specs {
                #expect(flat.contains(" \(spec.name) \(spec.abstract)"), "\(spec.name)")
            }
            #expect(flat.contains("--version Show the version."))
            #expect(text.contains("See 'etl help <subcommand>' for detailed help."))
        }
    }

    @Test("etl --version prints the version")
    func version() throws {
        let text = try show(["--version"])
        #expect(text == "etl \(ETLVersion.current)\n")
        #expect(text.wholeMatch(of: /etl \d+\.\d+\.\d+\n/) != nil)
    }

    @Test("etl status --help is exactly this")
    func statusHelpSnapshot() throws {
        let expected = """
            OVERVIEW: Show what the catalog holds, the last runs and the backlog.

            USAGE: etl status [--source <met|flickr|tmdb|aic|cma>] [--catalog <path>]
                              [--json]

            OPTIONS:
              --source <met|flickr|tmdb|aic|cma>
                                        Picks the default catalog. (default: met)
              --catalog <path>          The SQLite catalog. (default: data/catalog.sqlite;
                                        data/<source>/catalog.sqlite for flickr, tmdb, aic
                                        and cma)
              --json                    Print the status as JSON.
              --help                    Show help information.

            """
        #expect(try show(["status", "--help"]) == expected)
    }
}
