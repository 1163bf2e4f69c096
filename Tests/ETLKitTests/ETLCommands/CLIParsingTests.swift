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

/// `ETLCommand.parse`, in process: defaults, both option forms, typed values
/// and the exact text of every usage error.
@Suite("Command-line parsing")
struct CLIParsingTests {
    struct ParseFailure: Error, CustomStringConvertible {
        var description: String
    }

    private func crawl(_ arguments: [String]) throws -> (options: CrawlOptions, output: OutputOptions) {
        let command = try ETLCommand.parse(["crawl"] + arguments)
        guard case .crawl(let options, let output) = command else {
            throw ParseFailure(description: "expected .crawl, got \(command)")
        }
        return (options, output)
    }

    private func pages(_ arguments: [String]) throws -> PagesOptions {
        let command = try ETLCommand.parse(["pages"] + arguments)
        guard case .pages(let options) = command else { throw ParseFailure(description: "expected .pages, got \(command)") }
        return options
    }

    // MARK: Defaults

    @Test("crawl without options has the documented defaults")
    func crawlDefaults() throws {
        let (options, output) = try crawl([])
        #expect(options.api == "https://collectionapi.metmuseum.org/public/collection/v1")
        #expect(options.catalogPath == "data/catalog.sqlite")
        #expect(options.outDirectory == "data/pages")
        #expect(options.idsFile == nil)
        #expect(options.paging.layout.pageCount == 30)
        #expect(options.paging.layout.pageSize == 100)
        #expect(options.paging.layout.order == .shuffle)
        #expect(options.paging.layout.seed == 0)
        #expect(options.pacing.concurrency == 4)
        #expect(options.pacing.rate == .auto)
        #expect(options.pacing.rateStart == 1)
        #expect(options.pacing.rateMax == 80)
        #expect(options.pacing.cooldown == 60)
        #expect(options.pacing.maxAttempts == 5)
        #expect(options.pacing.timeout == 30)
        #expect(options.pacing.maxRequests == nil)
        #expect(options.pacing.maxDuration == nil)
        #expect(options.userAgent == "etl/\(ETLVersion.current) (offline dataset builder for the Met Collection API; libcurl)")
        #expect(options.userAgent.hasPrefix("etl/\(ETLVersion.current) "))
        #expect(options.isFull == false)
        #expect(options.met.since == nil)
        #expect(output == OutputOptions())
        #expect(output.isQuiet == false && output.isJSON == false)
    }

    @Test("pages and status without options have the documented defaults")
    func pagesAndStatusDefaults() throws {
        let options = try pages([])
        #expect(options.catalogPath == "data/catalog.sqlite")
        #expect(options.outDirectory == "data/pages")
        #expect(options.paging.layout == PageLayout(pageCount: 30, pageSize: 100, order: .shuffle, seed: 0))

        let command = try ETLCommand.parse(["status"])
        guard case .status(let path, let isJSON, _) = command else {
            Issue.record("expected .status, got \(command)")
            return
        }
        #expect(path == "data/catalog.sqlite")
        #expect(isJSON == false)
        guard case .status(_, true, _) = try ETLCommand.parse(["status", "--json", "--catalog", "x.sqlite"]) else {
            Issue.record("status --json was not parsed as JSON output")
            return
        }
    }

    // MARK: Values

    @Test("--name value and --name=value give the same options")
    func bothOptionForms() throws {
        let spaced = try crawl([
            "--api", "http://127.0.0.1:8080/v1/", "--catalog", "c.sqlite", "--out", "p", "--ids", "ids.txt",
            "--pages", "7", "--page-size", "12", "--order", "id", "--seed", "42", "--concurrency", "9",
            "--rate-start", "2", "--rate-max", "3.5", "--cooldown", "0.5", "--max-attempts", "3",
            "--timeout", "2.5", "--max-requests", "1000", "--user-agent", "tester/1", "--quiet", "--json",
        ])
        let inline = try crawl([
            "--api=http://127.0.0.1:8080/v1/", "--catalog=c.sqlite", "--out=p", "--ids=ids.txt",
            "--pages=7", "--page-size=12", "--order=id", "--seed=42", "--concurrency=9",
            "--rate-start=2", "--rate-max=3.5", "--cooldown=0.5", "--max-attempts=3",
            "--timeout=2.5", "--max-requests=1000", "--user-agent=tester/1", "--quiet", "--json",
        ])
        #expect(spaced.options == inline.options)
        #expect(spaced.output == inline.output)
        let options = spaced.options
        #expect(options.api == "http://127.0.0.1:8080/v1")
        #expect(options.catalogPath == "c.sqlite")
        #expect(options.outDirectory == "p")
        #expect(options.idsFile == "ids.txt")
        #expect(options.paging.layout == PageLayout(pageCount: 7, pageSize: 12, order: .id, seed: 42))
        #expect(options.pacing.concurrency == 9)
        #expect(options.pacing.rateStart == 2 && options.pacing.rateMax == 3.5)
        #expect(options.pacing.cooldown == 0.5)
        #expect(options.pacing.maxAttempts == 3)
        #expect(options.pacing.timeout == 2.5)
        #expect(options.pacing.maxRequests == 1000)
        #expect(options.userAgent == "tester/1")
        #expect(spaced.output.isQuiet && spaced.output.isJSON)
        #expect(try pages(["--out=a=b", "--seed", "18446744073709551615"]).outDirectory == "a=b")
        #expect(try pages(["--seed", "18446744073709551615"]).paging.layout.seed == UInt64.max)
    }

    @Test("--rate takes a number, unlimited or auto", arguments: [
        ("2.5", RateSetting.fixed(2.5)), ("10", .fixed(10)), ("unlimited", .unlimited), ("auto", .auto),
    ])
    func rate(text: String, expected: RateSetting) throws {
        #expect(try crawl(["--rate", text]).options.pacing.rate == expected)
        #expect(try crawl(["--rate=\(text)"]).options.pacing.rate == expected)
    }

    @Test("--max-duration takes a duration with units", arguments: [
        ("90m", 5_400.0), ("6h", 21_600), ("1h30m", 5_400), ("45s", 45), ("3600s", 3_600), ("1d", 86_400), ("1.5h", 5_400),
    ])
    func maxDuration(text: String, seconds: Double) throws {
        #expect(try crawl(["--max-duration", text]).options.pacing.maxDuration == seconds)
    }

    @Test("--since takes a day; --full is a flag")
    func sinceAndFull() throws {
        let since = try crawl(["--since", "2024-02-29"]).options
        #expect(since.met.since == "2024-02-29")
        #expect(since.isFull == false)
        let full = try crawl(["--full"]).options
        #expect(full.isFull == true)
        #expect(full.met.since == nil)
    }

    @Test("help and version are shown, not run")
    func helpAndVersion() throws {
        for arguments in [["--help"], ["-h"], ["help"], ["crawl", "--help"], ["help", "crawl"], ["crawl", "--pages", "x", "-h"]] {
            guard case .show(let text) = try ETLCommand.parse(arguments) else {
                Issue.record("\(arguments) did not show help")
                continue
            }
            #expect(text.hasPrefix("OVERVIEW: "), "\(arguments)")
        }
        guard case .show(let version) = try ETLCommand.parse(["--version"]) else {
            Issue.record("--version did not show the version")
            return
        }
        #expect(version == "etl \(ETLVersion.current)\n")
    }

    // MARK: Errors

    struct BadLine: Sendable, CustomStringConvertible {
        var arguments: [String]
        var message: String
        var command: String?
        var description: String { arguments.joined(separator: " ") }
    }

    /// `crawl, pages, status, …`: the subcommands as errors list them.
    static let subcommands = ETLCommand.specs.map(\.name).joined(separator: ", ")

    static let badLines: [BadLine] = [
        .init(arguments: ["crawl", "--pages"], message: "Missing value for '--pages <n>'", command: "crawl"),
        .init(arguments: ["crawl", "--pages", "--full"], message: "Missing value for '--pages <n>'", command: "crawl"),
        .init(arguments: ["status", "--catalog"], message: "Missing value for '--catalog <path>'", command: "status"),
        .init(arguments: ["crawl", "--pages", "abc"],
              message: "Invalid value 'abc' for '--pages': expected an integer from 1 to 10000", command: "crawl"),
        .init(arguments: ["pages", "--pages", "0"],
              message: "Invalid value '0' for '--pages': expected an integer from 1 to 10000", command: "pages"),
        .init(arguments: ["crawl", "--concurrency", "0"],
              message: "Invalid value '0' for '--concurrency': expected an integer from 1 to 1024", command: "crawl"),
        .init(arguments: ["crawl", "--max-requests", "0"],
              message: "Invalid value '0' for '--max-requests': expected an integer of at least 1", command: "crawl"),
        .init(arguments: ["crawl", "--rate", "fast"],
              message: "Invalid value 'fast' for '--rate': expected auto, unlimited or a rate from 0.01 to 1000000 requests per second",
              command: "crawl"),
        .init(arguments: ["crawl", "--rate", "-1"],
              message: "Invalid value '-1' for '--rate': expected auto, unlimited or a rate from 0.01 to 1000000 requests per second",
              command: "crawl"),
        .init(arguments: ["crawl", "--rate-start", "0"],
              message: "Invalid value '0' for '--rate-start': expected a rate from 0.01 to 1000000 requests per second", command: "crawl"),
        .init(arguments: ["crawl", "--timeout", "inf"],
              message: "Invalid value 'inf' for '--timeout': expected a number of seconds from 0.001 to 1000000000", command: "crawl"),
        .init(arguments: ["pages", "--order", "random"],
              message: "Invalid value 'random' for '--order': expected id or shuffle", command: "pages"),
        .init(arguments: ["crawl", "--seed", "-1"],
              message: "Invalid value '-1' for '--seed': expected a non-negative integer", command: "crawl"),
        .init(arguments: ["crawl", "--max-duration", "soon"],
              message: "Invalid value 'soon' for '--max-duration': expected a duration such as 90m, 6h, 1h30m or 45s",
              command: "crawl"),
        .init(arguments: ["crawl", "--max-duration", "6"],
              message: "Invalid value '6' for '--max-duration': expected a duration with a unit (s, m, h or d), such as 6h for 6 hours or 6m for 6 minutes",
              command: "crawl"),
        .init(arguments: ["images", "--max-duration", "1.5"],
              message: "Invalid value '1.5' for '--max-duration': expected a duration with a unit (s, m, h or d), such as 1.5h for 1.5 hours or 1.5m for 1.5 minutes",
              command: "images"),
        .init(arguments: ["crawl", "--max-duration", "1h30"],
              message: "Invalid value '1h30' for '--max-duration': expected a duration such as 90m, 6h, 1h30m or 45s",
              command: "crawl"),
        // Each unit once, largest first: `1h1h` and `30m1h` are typing slips.
        .init(arguments: ["crawl", "--max-duration", "1h1h"],
              message: "Invalid value '1h1h' for '--max-duration': expected a duration such as 90m, 6h, 1h30m or 45s",
              command: "crawl"),
        .init(arguments: ["images", "--max-duration", "30m1h"],
              message: "Invalid value '30m1h' for '--max-duration': expected a duration such as 90m, 6h, 1h30m or 45s",
              command: "images"),
        .init(arguments: ["crawl", "--since", "2026-02-31"],
              message: "Invalid value '2026-02-31' for '--since': expected a real calendar date as YYYY-MM-DD", command: "crawl"),
        .init(arguments: ["crawl", "--api", "ftp://x"],
              message: "Invalid value 'ftp://x' for '--api': expected an http:// or https:// URL with a host", command: "crawl"),
        .init(arguments: ["crawl", "--catalog="], message: "Invalid value '' for '--catalog': expected a path", command: "crawl"),
        .init(arguments: ["crawl", "--nope"], message: "Unknown option '--nope'", command: "crawl"),
        .init(arguments: ["status", "--out", "x"], message: "Unknown option '--out'", command: "status"),
        .init(arguments: ["crawl", "extra"], message: "Unexpected argument 'extra'", command: "crawl"),
        .init(arguments: ["pages", "-p", "3"], message: "Unexpected argument '-p'", command: "pages"),
        // One dash, or a dash a word processor made of two: the option it names.
        .init(arguments: ["status", "-json"], message: "Unexpected argument '-json'. Did you mean '--json'?", command: "status"),
        .init(arguments: ["pages", "\u{2014}pages", "3"], message: "Unexpected argument '\u{2014}pages'. Did you mean '--pages'?", command: "pages"),
        .init(arguments: ["pages", "\u{2013}pages=3"], message: "Unexpected argument '\u{2013}pages=3'. Did you mean '--pages'?", command: "pages"),
        .init(arguments: ["status", "-nope"], message: "Unexpected argument '-nope'", command: "status"),
        .init(arguments: ["crawll"], message: "Unknown subcommand 'crawll'. Did you mean 'crawl'?", command: nil),
        .init(arguments: ["fetch"], message: "Unknown subcommand 'fetch'; expected one of \(subcommands)", command: nil),
        // Typos: the nearest valid names by edit distance, ties all named.
        .init(arguments: ["crawl", "--max-duraton", "6h"],
              message: "Unknown option '--max-duraton'. Did you mean '--max-duration'?", command: "crawl"),
        .init(arguments: ["crawl", "--rate-mx", "6"],
              message: "Unknown option '--rate-mx'. Did you mean '--rate-max'?", command: "crawl"),
        .init(arguments: ["pages", "--pgaes", "3"], message: "Unknown option '--pgaes'. Did you mean '--pages'?", command: "pages"),
        .init(arguments: ["crawl", "--max-request", "6"],
              message: "Unknown option '--max-request'. Did you mean '--max-requests'?", command: "crawl"),
        .init(arguments: ["status", "--jsn"], message: "Unknown option '--jsn'. Did you mean '--json'?", command: "status"),
        .init(arguments: ["export", "--formt=csv"], message: "Unknown option '--formt'. Did you mean '--format'?", command: "export"),
        .init(arguments: ["crawl", "--Quiet"], message: "Unknown option '--Quiet'. Did you mean '--quiet'?", command: "crawl"),
        .init(arguments: ["statsu"], message: "Unknown subcommand 'statsu'. Did you mean 'status'?", command: nil),
        .init(arguments: ["image"], message: "Unknown subcommand 'image'. Did you mean 'images'?", command: nil),
        // Help for a subcommand that does not exist is the same typo.
        .init(arguments: ["help", "crawll"], message: "Unknown subcommand 'crawll'. Did you mean 'crawl'?", command: nil),
        .init(arguments: ["help", "fetch"], message: "Unknown subcommand 'fetch'; expected one of \(subcommands)", command: nil),
        .init(arguments: ["--help", "statsu"], message: "Unknown subcommand 'statsu'. Did you mean 'status'?", command: nil),
        .init(arguments: ["-h", "bogus"], message: "Unknown subcommand 'bogus'; expected one of \(subcommands)", command: nil),
        // A choice in the wrong case names the valid spelling.
        .init(arguments: ["crawl", "--source", "Flickr"],
              message: "Invalid value 'Flickr' for '--source': expected met, flickr, tmdb, aic or cma. Did you mean 'flickr'? Values are case-sensitive.",
              command: "crawl"),
        .init(arguments: ["pages", "--order", "ID"],
              message: "Invalid value 'ID' for '--order': expected id or shuffle. Did you mean 'id'? Values are case-sensitive.",
              command: "pages"),
        .init(arguments: ["crawl", "--rate", "Auto"],
              message: "Invalid value 'Auto' for '--rate': expected auto, unlimited or a rate from 0.01 to 1000000 requests per second. Did you mean 'auto'? Values are case-sensitive.",
              command: "crawl"),
        .init(arguments: ["images", "--rate", "UNLIMITED"],
              message: "Invalid value 'UNLIMITED' for '--rate': expected auto, unlimited or a rate from 0.01 to 1000000 requests per second. Did you mean 'unlimited'? Values are case-sensitive.",
              command: "images"),
        .init(arguments: ["crawl", "--rate", "unlimted"],
              message: "Invalid value 'unlimted' for '--rate': expected auto, unlimited or a rate from 0.01 to 1000000 requests per second. Did you mean 'unlimited'?",
              command: "crawl"),
        .init(arguments: ["pages", "--order", "shufle"],
              message: "Invalid value 'shufle' for '--order': expected id or shuffle. Did you mean 'shuffle'?", command: "pages"),
        .init(arguments: [], message: "Missing subcommand; expected one of \(subcommands)", command: nil),
        .init(arguments: ["crawl", "--full", "--since", "2026-01-01"],
              message: "--full and --since cannot be used together", command: "crawl"),
        .init(arguments: ["crawl", "--rate-start", "5", "--rate-max", "2"],
              message: "--rate-start 5 is above --rate-max 2", command: "crawl"),
        .init(arguments: ["crawl", "--csv-skip"], message: "--csv-skip needs '--csv <path>'", command: "crawl"),
        .init(arguments: ["crawl", "--full=yes"], message: "The flag '--full' does not take a value", command: "crawl"),
        .init(arguments: ["status", "--json="], message: "The flag '--json' does not take a value", command: "status"),
    ]

    @Test("bad command lines give exact usage errors", arguments: badLines)
    func usageError(line: BadLine) {
        #expect(throws: UsageError(line.message, command: line.command)) {
            try ETLCommand.parse(line.arguments)
        }
    }

    /// Values the crawl would turn into an overflowing Int64 of milliseconds
    /// or nanoseconds (a crash, exit 132) must be refused while parsing.
    static let overflowingValues: [(name: String, value: String)] = [
        ("max-duration", "inf"), ("max-duration", "1e300"), ("cooldown", "1e300"), ("timeout", "1e300"),
        ("rate", "1e-300"),
    ]

    @Test("numbers too large for the crawl's clocks are usage errors", arguments: overflowingValues)
    func overflowingValue(name: String, value: String) {
        do {
            let parsed = try crawl(["--\(name)", value])
            Issue.record("--\(name) \(value) was accepted: \(parsed.options)")
        } catch let error as UsageError {
            #expect(error.command == "crawl")
            #expect(error.message.hasPrefix("Invalid value '\(value)' for '--\(name)': expected "))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("every usage error maps to exit code 64", arguments: badLines)
    func usageErrorExitCode(line: BadLine) {
        do {
            _ = try ETLCommand.parse(line.arguments)
            Issue.record("\(line) parsed")
        } catch {
            #expect(CommandRunner.exitCode(for: error) == .usage)
            #expect(!"\(error)".contains("\n"))
        }
    }
}

/// The distance the suggestions rank by, against hand-counted edits.
@Suite("Suggestion edit distance")
struct SuggestionTests {
    @Test("insertions, deletions, substitutions and neighbour swaps cost one each", arguments: [
        ("max-duraton", "max-duration", 1), ("pgaes", "pages", 1), ("rate", "rate", 0), ("", "json", 4),
        ("kitten", "sitting", 3), ("ab", "ba", 1), ("abc", "ca", 3),
    ])
    func distance(a: String, b: String, expected: Int) {
        #expect(Suggestion.editDistance(Array(a), Array(b)) == expected)
        #expect(Suggestion.editDistance(Array(b), Array(a)) == expected)
    }

    @Test("ties are all named; a far guess names none")
    func nearest() {
        #expect(Suggestion.nearest(to: "max-reqests", among: ["max-requests", "max-attempts"]) == ["max-requests"])
        #expect(Suggestion.nearest(to: "rate-mix", among: ["rate-max", "rate-min", "rate"]) == ["rate-max", "rate-min"])
        #expect(Suggestion.nearest(to: "nope", among: ["json", "source", "catalog"]) == [])
        #expect(Suggestion.nearest(to: String(repeating: "x", count: 5000), among: ["json"]) == [])
    }
}
