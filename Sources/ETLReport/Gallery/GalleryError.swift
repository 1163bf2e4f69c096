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
    /// `--page` beyond the recorded pages.
    case noSuchPage(Int, count: Int)

    package var description: String {
        switch self {
        case .noPages(let catalog):
            return "the catalog \(catalog) has no pages yet; run etl pages (or etl crawl) first"
        case .noSuchPage(let page, let count):
            return "there is no page \(page): the catalog's pages are 1 to \(count)"
        }
    }
}
