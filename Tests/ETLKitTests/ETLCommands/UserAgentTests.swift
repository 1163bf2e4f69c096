import Foundation
import Testing
@testable import ETLCommands
@testable import ETLCore
@testable import SourceKit
@testable import SourceRegistry

/// The default User-Agent names the source being crawled (each source
/// gives its own phrase), so an API's logs say which dataset the requests
/// are for; `--user-agent` still replaces it, before or after `--source`.
@Suite("The default User-Agent names the source crawled")
struct UserAgentTests {
    private func crawl(_ arguments: [String]) throws -> CrawlOptions {
        let command = try ETLCommand.parse(["crawl"] + arguments)
        guard case .crawl(let options, _) = command else {
            Issue.record("expected a crawl, got \(command)")
            return CrawlOptions()
        }
        return options
    }

    /// What the source needs on the command line to pass its own rules:
    /// its first option when the bare `--source` does not.
    private static func arguments(for source: any Source) -> [String] {
        do {
            try source.validate(CrawlOptions(source: source.name))
            return ["--source", source.name.rawValue]
        } catch {
            guard let first = source.options.first else { return ["--source", source.name.rawValue] }
            return ["--source", source.name.rawValue, "--\(first.name)", "etl"]
        }
    }

    @Test("each source's default is its own; the first source's is the one etl always sent")
    func eachSourceHasItsOwn() throws {
        let agents = try SourceRegistry.all.map { try crawl(Self.arguments(for: $0)).userAgent }
        #expect(agents == SourceRegistry.all.map(\.defaults.userAgent))
        #expect(Set(agents).count == SourceRegistry.all.count, "no two sources send the same")
        #expect(agents.allSatisfy { $0.hasPrefix("etl/\(ETLVersion.current) (offline dataset builder for ") && $0.hasSuffix("; libcurl)") })
        #expect(try crawl([]).userAgent == "etl/\(ETLVersion.current) (offline dataset builder for the Met Collection API; libcurl)")
        for source in SourceRegistry.all {
            let arguments = Self.arguments(for: source)
            #expect(try crawl(["--user-agent", "mine/1"] + arguments).userAgent == "mine/1", "\(source.name)")
            #expect(try crawl(arguments + ["--user-agent", "mine/1"]).userAgent == "mine/1", "\(source.name)")
        }
    }

    @Test("a crawl of each source sends its own User-Agent to the API (a loopback server records it)")
    func sentOnTheWire() throws {
        for source in SourceRegistry.all {
            let server = try FixedServer(routes: [:])
            let directory = TemporaryDirectory()
            let credentials = Dictionary(uniqueKeysWithValues: source.credentials.map { ($0.name, "k3y-for-tests") })
            let run = try ETLRun.run(
                ["crawl", "--quiet", "--api", server.api, "--catalog", directory.path("catalog.sqlite"),
                 "--out", directory.path("pages"), "--max-attempts", "1"] + Self.arguments(for: source),
                environment: credentials)
            // Every answer is a 404: the crawl fails, after asking.
            #expect(run.exitCode != 0, "\(source.name)")
            let agents = server.userAgents()
            #expect(!agents.isEmpty, "\(source.name): \(run.standardError)")
            #expect(Set(agents) == [source.defaults.userAgent], "\(source.name)")
        }
    }
}
