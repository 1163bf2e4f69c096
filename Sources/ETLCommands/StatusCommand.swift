import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// `etl status`: where the catalog stands.
package enum StatusCommand {
    package static let command = Command<StatusOptions>(
        name: "status",
        abstract: "Show what the catalog holds, the last runs and the backlog.",
        options: [
            SharedOptions.source(\.source, "Picks the default catalog."),
            SharedOptions.catalog(\.catalogPath),
            Option.flag("json", "Print the status as JSON.", \.isJSON),
        ],
        source: \.source,
        makeCommand: { .status(catalogPath: $0.catalogPath, isJSON: $0.isJSON, source: $0.givenSource) })

    package static let spec = command.spec
}
