import ETLCommands
import ETLCore
import FetchEngine
import Foundation

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
