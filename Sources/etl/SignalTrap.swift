import Dispatch
import ETLKit
import Foundation

/// SIGINT/SIGTERM: the first asks the crawl to stop cleanly (commit, write
/// pages, print the summary); a second exits at once, which is safe because
/// every commit is a whole SQLite transaction.
final class SignalTrap {
    private let sources: [any DispatchSourceSignal]

    init(stop: StopSignal) {
        // A parent may hand down a mask with these blocked (Foundation.Process
        // spawns from threads that block signals); we must receive them.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
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
