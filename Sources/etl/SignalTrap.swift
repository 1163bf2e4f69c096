import Dispatch
import ETLKit
import Foundation

/// SIGINT/SIGTERM: the first asks the crawl to stop cleanly (commit, write
/// pages, print the summary); a second exits at once, which is safe because
/// every commit is a whole SQLite transaction.
final class SignalTrap {
    private let sources: [any DispatchSourceSignal]

    init(stop: StopSignal) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if stop.isRequested {
                    _exit(128 + number)
                }
                stop.request(signal: number)
            }
            source.resume()
            return source
        }
    }
}
