import Foundation
import Testing
@testable import ETLCommands
@testable import ETLCore
import Store

/// Standard output that cannot be written (a full disk, a descriptor the
/// shell closed) is exit 74 with one line saying so, for every command; a
/// reader that went away (a pipe to `head`) is quiet, status 141, as a death
/// by SIGPIPE; what the command did stands. Through the real binary.
@Suite("Standard output that cannot be written", .serialized)
struct StandardOutputTests {
    static let diskFull = "Error: cannot write to standard output: No space left on device\n"
    static let closed = "Error: cannot write to standard output: Bad file descriptor\n"

    /// Commands that print on stdout and change nothing but their own
    /// files (pages rewrites the same pages).
    static func printingCommands(_ fixture: BadInputFixture) -> [[String]] {
        [
            ["status", "--json", "--catalog", fixture.catalogPath],
            ["status", "--catalog", fixture.catalogPath],
            ["pages", "--catalog", fixture.catalogPath, "--out", fixture.pagesPath],
            ["export", "--catalog", fixture.catalogPath],
            ["export", "--catalog", fixture.catalogPath, "--format", "csv", "--table", "rejections"],
            ["--help"],
            ["help", "crawl"],
            ["--version"],
        ]
    }

    @Test("to a full disk or a closed descriptor: exit 74 and one line naming the failure; to a closed pipe: 141, quiet; nothing changed")
    func unwritableStandardOutput() throws {
        let fixture = try BadInputFixture()
        let before = try fixture.snapshot()
        for arguments in Self.printingCommands(fixture) {
            // The oracle: each prints something and succeeds when it can.
            let plain = try ETLRun.run(arguments, timeout: 60)
            #expect(plain.exitCode == 0 && !plain.standardOutput.isEmpty && plain.standardError == "", "\(arguments): \(plain.standardError)")

            let full = try ETLRun.run(arguments, timeout: 60, output: .path("/dev/full"))
            #expect(full.exitCode == 74, "\(arguments)")
            #expect(full.standardError == Self.diskFull, "\(arguments)")

            let pipe = try ETLRun.run(arguments, timeout: 60, output: .closedPipe)
            #expect(pipe.exitCode == 141, "\(arguments)")
            #expect(pipe.standardError == "", "\(arguments)")

            let quoted = ([TestPaths.etlExecutable] + arguments).map(Self.shellQuoted).joined(separator: " ")
            let closed = try ETLRun.runShell("\(quoted) >&-")
            #expect(closed.exitCode == 74, "\(arguments)")
            #expect(closed.standardError == Self.closed, "\(arguments)")
        }
        #expect(try fixture.snapshot() == before)
    }

    @Test("a crawl whose summary cannot be printed keeps what it crawled and exits 74")
    func crawlKeepsItsWork() throws {
        let fixture = try BadInputFixture()
        let runsBefore = try fixture.runStatuses()
        let run = try ETLRun.run(fixture.crawlArguments(api: fixture.mock.api), output: .path("/dev/full"))
        #expect(run.exitCode == 74)
        #expect(run.standardError == Self.diskFull)
        #expect(try fixture.runStatuses() == runsBefore + ["completed"], "the crawl ran and was recorded")
        #expect(try fixture.snapshot().integrity == "ok")
    }

    @Test("a command that failed keeps its own exit code; the lost output is said after its error, a closed pipe not at all")
    func failedCommandKeepsItsCode() {
        let error = StandardOutputError(reason: String(cString: strerror(ENOSPC)))
        var succeeded = CommandRunner.Outcome(standardOutput: "summary\n", standardError: "Warning: w\n")
        succeeded.failedToPrint(error)
        #expect(succeeded.exitCode == .ioError)
        #expect(succeeded.standardError == "Warning: w\n" + Self.diskFull)

        var interrupted = CommandRunner.Outcome(standardOutput: "summary\n", exitCode: .interrupted)
        interrupted.failedToPrint(error)
        #expect(interrupted.exitCode == .interrupted)
        #expect(interrupted.standardError == Self.diskFull)

        let pipe = StandardOutputError(reason: String(cString: strerror(EPIPE)))
        var piped = CommandRunner.Outcome(standardOutput: "summary\n", standardError: "Warning: w\n")
        piped.failedToPrint(pipe)
        #expect(piped.exitCode == .brokenPipe)
        #expect(piped.standardError == "Warning: w\n")
        var failed = CommandRunner.Outcome(standardOutput: "", exitCode: .dataError)
        failed.failedToPrint(pipe)
        #expect(failed.exitCode == .dataError)
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
