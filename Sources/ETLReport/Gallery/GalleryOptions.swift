import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// What `etl gallery` needs.
package struct GalleryOptions: Sendable, Equatable {
    /// Picks the default catalog.
    package var source = SourceRegistry.first.name
    package var catalogPath = SourceRegistry.first.name.defaultCatalogPath
    /// One page (1-based); nil: every page.
    package var page: Int?
    /// nil: `gallery` beside the catalog.
    package var outDirectory: String?

    package init() {}

    /// `--out`, or `gallery` in the catalog's folder.
    package var resolvedOutDirectory: String {
        if let outDirectory { return outDirectory }
        let folder = LocalPath(catalogPath).parent
        return folder.string == "." ? "gallery" : folder.appending("gallery").string
    }
}
