import Foundation

/// The open files a run needs, checked before it starts. libdispatch's
/// threads open descriptors as they go (its pool monitor reads `/proc`, the
/// main queue makes an eventfd) and trap when they cannot: under
/// `ulimit -n 10` a clear "too many open files" error died of SIGILL on its
/// way out. So a limit too low is raised when the hard limit allows, and
/// said in one line before anything is opened when it does not.
enum OpenFileLimit {
    /// A crawl's descriptors: standard streams, the catalog and its WAL,
    /// lock and journal files, curl's connections and pipes, libdispatch's.
    static let needed: rlim_t = 64

    /// Nil when the soft limit is at least ``needed`` (raised to it when the
    /// hard limit allows); otherwise what to tell the user.
    static func ensure() -> String? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < needed else { return nil }
        if limit.rlim_max >= needed {
            var raised = limit
            raised.rlim_cur = needed
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return nil }
        }
        return "etl needs at least \(needed) open files, and this process may open \(limit.rlim_max) (ulimit -n): raise the limit and run again"
    }
}
