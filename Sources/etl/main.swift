import ETLCommands
import ETLCore
import FetchEngine
import Foundation

// glibc gives threads that allocate at once malloc arenas of their own,
// 64 MB of address space each and up to eight per core, which `ulimit -v`
// counts: under a 600 MB limit a picture run's arenas left no room for the
// threads libvips and the runtime start, so pictures failed and the run
// stalled. Two arenas serve this process's few threads as fast.
// (<malloc.h> is not in Swift's Glibc module; M_ARENA_MAX is -8 there.)
@_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
_ = mallopt(-8, 2)

// Parse, run, report, exit: everything else lives in ETLKit.
Console.prepare()
let arguments = Array(CommandLine.arguments.dropFirst())
let command: ETLCommand
do {
    command = try ETLCommand.parse(arguments)
} catch let error as UsageError {
    Console.writeError("""
        Error: \(TerminalText.escaped(error.message))
        Usage: \(ETLCommand.usage(for: error.command))
          \(ETLCommand.helpHint(for: error.command))

        """)
    exit(ExitCode.usage.rawValue)
}

if let problem = OpenFileLimit.ensure() {
    Console.writeError("Error: \(problem)\n")
    exit(ExitCode.osError.rawValue)
}

let stop = StopSignal()
let signals = SignalTrap(stop: stop)
var reporter = TerminalReporter(isQuiet: true)
switch command {
case .crawl(_, let output), .images(_, let output):
    reporter = TerminalReporter(isQuiet: output.isQuiet)
case .pages:
    // `pages` has no progress, but says when it changes the kept page settings.
    reporter = TerminalReporter(isQuiet: false)
default:
    break
}
var outcome = await CommandRunner(reporter: reporter, stop: stop).run(command)
reporter.finish()
do {
    try Console.writeOutput(outcome.standardOutput)
} catch {
    outcome.failedToPrint(error)
}
Console.writeError(outcome.standardError)
withExtendedLifetime(signals) {}
exit(outcome.exitCode.rawValue)
