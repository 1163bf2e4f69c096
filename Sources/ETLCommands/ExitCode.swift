import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// The process exit codes `etl` uses (sysexits.h where one fits).
package enum ExitCode: Int32, Sendable {
    case success = 0
    /// A runtime failure: network, disk, an unreachable API.
    case failure = 1
    /// Bad command-line usage.
    case usage = 64
    /// Bad input data: an `--ids` or CSV file, a file that is not a catalog
    /// or has a damaged schema version, an inconsistent ID listing, a
    /// listing that would withdraw more than `--max-withdraw`.
    case dataError = 65
    /// The system refused what etl needs to run: too many open files, no
    /// thread (EX_OSERR).
    case osError = 71
    /// An output cannot be created: `--out`, `--dir` or the catalog's
    /// folder is a file or read-only (EX_CANTCREAT).
    case cannotCreate = 73
    /// Reading or writing failed: disk full, an I/O error, standard output
    /// that cannot be written (a full disk, a closed descriptor) (EX_IOERR).
    case ioError = 74
    /// Another crawl holds the catalog (try again later).
    case busy = 75
    /// A source's API credential is missing or malformed (EX_CONFIG).
    case configuration = 78
    /// Stopped by SIGHUP (128 + 1): the terminal went away.
    case hangUp = 129
    /// Stopped by SIGINT (128 + 2).
    case interrupted = 130
    /// Stopped by SIGQUIT (128 + 3).
    case quit = 131
    /// Standard output's reader went away (`etl export | head`), said as a
    /// death by SIGPIPE (128 + 13) would be, with nothing printed.
    case brokenPipe = 141
    /// Stopped by SIGTERM (128 + 15).
    case terminated = 143
}
