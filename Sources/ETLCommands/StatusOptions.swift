import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// What `etl status` needs.
package struct StatusOptions: CommandOptions, Equatable {
    /// Picks the default catalog.
    package var source = SourceRegistry.first.name
    package var catalogPath = SourceRegistry.first.name.defaultCatalogPath
    /// `--source` when given: another source's catalog is then refused.
    package var givenSource: SourceName?
    package var isJSON = false
    package init() {}
}
