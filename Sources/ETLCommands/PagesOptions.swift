import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// What `etl pages` needs.
package struct PagesOptions: CommandOptions, Equatable {
    /// Picks the default catalog and page folder.
    package var source = SourceRegistry.first.name
    package var catalogPath = SourceRegistry.first.name.defaultCatalogPath
    package var outDirectory = SourceRegistry.first.name.defaultOutDirectory
    /// The page settings given; the catalog's fill in the rest.
    package var paging = PageSettings()
    package init() {}
}
