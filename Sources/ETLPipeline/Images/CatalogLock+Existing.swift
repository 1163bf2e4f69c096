import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

extension CatalogLock {
    /// The lock of a catalog that must already exist (`etl pages`, `etl images`):
    /// a missing catalog, or a file that is not one, is reported before the
    /// lock file is created beside it, so a mistyped path leaves nothing behind.
    package static func existing(catalogPath path: String, purpose: Purpose = .crawl) throws -> CatalogLock {
        guard try Catalog.checkExisting(path: path) else { throw CatalogError.missing(path: path) }
        return try CatalogLock(catalogPath: path, purpose: purpose)
    }
}
