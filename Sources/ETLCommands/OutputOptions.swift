import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// How a crawl or an image run reports while it runs.
package struct OutputOptions: Sendable, Equatable {
    package var isQuiet = false
    package var isJSON = false
    package init() {}
}
