import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import MetSource
import SourceKit
import SourceRegistry
import Store

/// What `etl plan` parses into: the planner, whose own initial values are
/// the defaults, and the output format.
package struct PlanOptions: CommandOptions {
    /// `csvPath` stays empty until `--csv` is given, which `validate` requires.
    package var planner = CrawlPlanner(csvPath: "")
    package var isJSON = false

    package init() {}
}
