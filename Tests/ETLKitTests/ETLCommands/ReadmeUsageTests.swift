import Foundation
import Testing

/// The README's command block is each subcommand's usage as the real
/// binary prints it (`scripts/readme-usage` prints the block to paste):
/// an option added, renamed or made required shows up here first.
@Suite("README usage matches --help")
struct ReadmeUsageTests {
    /// The subcommands in `etl --help`'s order.
    static func subcommands() throws -> [String] {
        let lines = try ETLRun.run(["--help"], timeout: 60).standardOutput.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
        var names: [String] = []
        for line in lines[(start + 1)...] {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            if line.hasPrefix("  ") && !line.hasPrefix("   "), let name = line.split(separator: " ").first { names.append(String(name)) }
        }
        return names
    }

    /// `USAGE: ` and its continuation lines, without the prefix's width.
    static func usage(of subcommand: String) throws -> [String] {
        let lines = try ETLRun.run([subcommand, "--help"], timeout: 60).standardOutput.components(separatedBy: "\n")
        guard let first = lines.firstIndex(where: { $0.hasPrefix("USAGE: ") }) else { return [] }
        var usage: [String] = []
        for line in lines[first...] {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            usage.append(String(line.dropFirst("USAGE: ".count)))
        }
        return usage
    }

    /// The first fenced block after `## Commands`.
    static func readmeBlock() throws -> String {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let section = readme.range(of: "\n## Commands\n"),
              let open = readme.range(of: "```\n", range: section.upperBound..<readme.endIndex),
              let close = readme.range(of: "```\n", range: open.upperBound..<readme.endIndex)
        else { return "" }
        return String(readme[open.upperBound..<close.lowerBound])
    }

    @Test("the README's command block is every subcommand's usage from --help, in order")
    func commandBlock() throws {
        let names = try Self.subcommands()
        #expect(names.count >= 8, "subcommands: \(names)")
        var expected: [String] = []
        for name in names { expected += try Self.usage(of: name) }
        expected.append("etl --help · etl <command> --help · etl --version")
        let block = try Self.readmeBlock()
        #expect(block == expected.joined(separator: "\n") + "\n", "run scripts/readme-usage and paste its output under ## Commands")
    }

    @Test("a required option is shown without brackets: etl plan --csv <path>")
    func requiredOption() throws {
        #expect(try Self.usage(of: "plan").first?.hasPrefix("etl plan --csv <path> [--api <url>]") == true)
    }
}
