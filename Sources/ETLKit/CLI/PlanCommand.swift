/// `etl plan`: what a crawl planned with the open-access CSV would do.
enum PlanCommand {
    static let spec = CommandSpec(
        name: "plan",
        abstract: "Show what MetObjects.csv saves a crawl with --csv-skip.",
        discussion: "Fetches only the ID listing (or reads --ids), never an object.",
        options: [
            .value("csv", "path", "The Met's open-access MetObjects.csv (required)."),
            .value("api", "url", "Base URL of the Collection API.", default: CrawlOptions.defaultAPI),
            .value("ids", "file", "Plan for the IDs in this file instead of the API's listing."),
            .value("rate", "r", "Requests per second for the time estimate.", default: "1"),
            .flag("json", "Print the plan as JSON."),
        ])

    static func command(from options: ParsedOptions) throws -> ETLCommand {
        guard let csv = try options.path("csv") else {
            throw UsageError("Missing '--csv <path>': etl plan needs the open-access CSV", command: options.command)
        }
        var planner = CrawlPlanner(csvPath: csv)
        planner.api = try CrawlCommand.api(from: options) ?? planner.api
        planner.idsFile = try options.path("ids")
        planner.rate = try options.number("rate", atLeast: 0.001, expected: "a number of requests per second > 0") ?? planner.rate
        return .plan(planner, isJSON: options.isSet("json"))
    }
}
