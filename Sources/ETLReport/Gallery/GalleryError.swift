import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Why `etl gallery` wrote nothing.
package enum GalleryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No page files recorded: `etl pages` (or a crawl) has not run.
    case noPages(catalog: String)
    /// No kept works at all: `etl pages` would refuse too, so the way on is a crawl.
    case noWorks(catalog: String)
    /// `--page` beyond the recorded pages.
    case noSuchPage(Int, count: Int)

    package var description: String {
        switch self {
        case .noPages(let catalog):
            return "the catalog \(catalog) has works but no paged ones; run etl pages (with --require-image it pages "
                + "only works whose picture is verified: run etl images first, or etl pages --no-require-image)"
        case .noWorks(let catalog):
            return "the catalog \(catalog) has no works yet (no crawl has kept any), so it has no pages; run etl crawl first"
        case .noSuchPage(let page, let count):
            return "there is no page \(page): the catalog's pages are 1 to \(count)"
        }
    }
}
