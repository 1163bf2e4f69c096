import ETLCore
import Foundation

/// Unbuffered writes to the standard streams, through ``FileSink`` as any
/// file etl writes.
enum Console {
    /// Makes the standard streams safe to use and their failures seen;
    /// called first, before anything is opened.
    ///
    /// - A stream the shell closed (`>&-`, `2>&-`) gets a placeholder:
    ///   `/dev/null` opened the wrong way round (gnulib's `stdopen`), so no
    ///   file or socket etl opens later takes descriptor 1 or 2 (a summary
    ///   would be written into it), and every write there fails with
    ///   EBADF, which ``writeOutput(_:)`` reports.
    /// - SIGPIPE is ignored, so a reader that went away (`etl status |
    ///   head -c0`) is a write error etl handles (quietly, status 141, as
    ///   the signal would have), not a death midway; a closed stderr no
    ///   longer ends a crawl either. Nothing relied on it: etl starts no process
    ///   that would inherit it, and its HTTP transfers run with
    ///   CURLOPT_NOSIGNAL, under which libcurl no longer ignores SIGPIPE
    ///   itself and says one may still be raised in corner cases.
    static func prepare() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let placeholder = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            // open() takes the lowest free number, which is `descriptor` here.
            if placeholder >= 0, placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text` to standard output; a failure (a full disk, a closed
    /// pipe or descriptor) is a ``StandardOutputError``.
    static func writeOutput(_ text: String) throws(StandardOutputError) {
        guard !text.isEmpty else { return }
        do {
            try FileSink.standardOutput.write(Array(text.utf8))
        } catch {
            throw StandardOutputError(error)
        }
    }

    /// Writes `text` to standard error; a failure is ignored, since there is
    /// nowhere left to say it (the exit code still says how the run ended).
    static func writeError(_ text: String) {
        guard !text.isEmpty else { return }
        try? FileSink.standardError.write(Array(text.utf8))
    }
}
