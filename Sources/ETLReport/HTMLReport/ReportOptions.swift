import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// What `etl report` needs.
package struct ReportOptions: Sendable, Equatable {
    /// Picks the default catalog.
    package var source = SourceRegistry.first.name
    package var catalogPath = SourceRegistry.first.name.defaultCatalogPath
    /// `--source` when given: another source's catalog is then refused.
    package var givenSource: SourceName?
    /// nil: `report.html` beside the catalog.
    package var outPath: String?
    /// Crawls shown minute by minute and in the table (`--runs`).
    package var runLimit = 14

    package init() {}

    /// `--out`, or `report.html` in the catalog's folder.
    package var resolvedOutPath: String {
        outPath ?? Self.defaultOutPath(catalogPath: catalogPath)
    }

    package static func defaultOutPath(catalogPath: String) -> String {
        let folder = LocalPath(catalogPath).parent
        return folder.string == "." ? "report.html" : folder.appending("report.html").string
    }
}
