import ETLCore
import ETLPictures
import FetchEngine
import Store

extension CatalogLock {
    /// Which run a lock keeps to one at a time. A crawl (and `etl pages`)
    /// and `etl images` write different tables and pace different hosts, so
    /// each has its own lock: two crawls, or two image runs, of one catalog
    /// exclude each other, but a crawl and an image run share the catalog
    /// (WAL; short transactions that wait their turn).
    package enum Purpose: String, Sendable, Equatable, CaseIterable {
        /// `etl crawl`: `<catalog>.lock`.
        case crawl
        /// `etl pages`: the crawl's lock, since both write the page layout.
        case pages
        /// `etl images`: `<catalog>.images.lock`.
        case images

        /// What the lock file's name adds to the catalog's.
        package var suffix: String {
            switch self {
            case .crawl, .pages: ".lock"
            case .images: ".images.lock"
            }
        }

        /// The command that holds it: written into the lock file beside the
        /// PID, so a refused run names the command really holding it (an
        /// `etl pages` is not told that a crawl holds the catalog).
        package var command: String { rawValue }
    }
}
