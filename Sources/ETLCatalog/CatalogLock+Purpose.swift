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
    package enum Purpose: Sendable, Equatable {
        /// `etl crawl` and `etl pages`: `<catalog>.lock`.
        case writer
        /// `etl images`: `<catalog>.images.lock`.
        case images

        /// What the lock file's name adds to the catalog's.
        package var suffix: String {
            switch self {
            case .writer: ".lock"
            case .images: ".images.lock"
            }
        }

        /// The command that holds it, for the busy error.
        package var command: String {
            switch self {
            case .writer: "crawl"
            case .images: "images"
            }
        }
    }
}
