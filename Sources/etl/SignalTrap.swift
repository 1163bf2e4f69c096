import Dispatch
import ETLCommands
import ETLCore
import FetchEngine
import Foundation
import Synchronization

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT: the first asks the run to stop
/// cleanly (no new requests, waits end at once, requests in flight finish,
/// commit, write pages, print the summary); a second also cancels the
/// transfers in flight, so the run still ends `interrupted` with its
/// summary (as when `timeout` follows its SIGTERM with another); a third
/// exits at once, which is safe because every commit is a whole SQLite
/// transaction.
final class SignalTrap {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    private let sources: [any DispatchSourceSignal]

    init(stop: StopSignal) {
        // A parent may hand down a mask with these blocked (Foundation.Process
        // spawns from threads that block signals); we must receive them.
        var set = sigset_t()
        sigemptyset(&set)
        for number in Self.signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        let received = Mutex(0)
        sources = Self.signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [source] in
                // (The handler holds its source: both live as long as the process.)
                // Signals that arrive before the handler runs come as one
                // event: `data` says how many, so a quick double Ctrl-C
                // still cancels the transfers.
                let arrived = max(1, Int(source.data))
                let (before, after) = received.withLock { count -> (Int, Int) in
                    defer { count += arrived }
                    return (count, count + arrived)
                }
                if after > 2 { _exit(128 + (stop.requestedSignal ?? number)) }
                for _ in before..<after { stop.request(signal: number) }
            }
            source.resume()
            return source
        }
        Self.waitUntilTaken(Self.signals)
    }

    /// libdispatch installs its handler (which hands the signal to its
    /// `signalfd`) on its own manager thread some time after `resume()`.
    /// Until then a signal has its inherited action: setting "ignore"
    /// first, as on Darwin, lost a signal sent in that window (seen under
    /// load: etl had opened a named pipe, a SIGTERM went unanswered, and it
    /// waited until killed; the handler is missing right after `resume()`
    /// and present a moment later). So the inherited action stays (a signal that early
    /// ends etl at once, before it has touched anything), and no work
    /// starts until every signal is taken. Bounded: after 5 s etl goes on.
    private static func waitUntilTaken(_ signals: [Int32]) {
        for _ in 0..<5_000 {
            if signals.allSatisfy(isTaken) { return }
            usleep(1_000)
        }
    }

    /// Whether a handler (libdispatch's) is installed for `number`.
    private static func isTaken(_ number: Int32) -> Bool {
        var action = sigaction()
        guard sigaction(number, nil, &action) == 0 else { return false }
        let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        return handler != unsafeBitCast(SIG_DFL, to: Int.self) && handler != unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
