import FetchEngine
import Store

/// A signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) ended a command that reads
/// or writes in a loop (`export`, `plan`) between two records; what it was
/// writing was left as it was. The exit code names the signal.
package struct StoppedBySignal: Error, Equatable, Sendable, CustomStringConvertible {
    package init() {}

    package var description: String { "stopped by a signal; nothing was replaced" }

    /// Throws when `stop` has been requested: the check long work makes
    /// between its steps.
    package static func check(_ stop: StopSignal?) throws {
        if stop?.isRequested == true { throw StoppedBySignal() }
    }
}
