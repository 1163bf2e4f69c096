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

/// `etl plan`: what a crawl planned with the open-access CSV would do.
package enum PlanCommand {
    package static let command = Command<PlanOptions>(
        name: "plan",
        abstract: "Show what MetObjects.csv saves a crawl with --csv-skip.",
        discussion: "Fetches only the ID listing (or reads --ids), never an object.",
        options: [
            Option.path("csv", "path", "The Met's open-access MetObjects.csv (required).", \.planner.csvPath),
            SharedOptions.api(\.planner.api, "Base URL of the Collection API."),
            Option.path("ids", "file", "Plan for the IDs in this file instead of the API's listing.", \.planner.idsFile),
            Option.number(
                "rate", "r", "Requests per second for the time estimate.", \.planner.rate, in: 0.001...1e9,
                expected: "a number of requests per second > 0"),
            Option.flag("json", "Print the plan as JSON.", \.isJSON),
        ],
        validate: { _, given in
            guard given.contains("csv") else {
                throw ValidationError("Missing '--csv <path>': etl plan needs the open-access CSV")
            }
        },
        makeCommand: { .plan($0.planner, isJSON: $0.isJSON) }
    ).reading(EnvironmentVariable.proxies).requiring(["csv"])

    package static let spec = command.spec
}
