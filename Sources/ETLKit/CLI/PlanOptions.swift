/// What `etl plan` parses into: the planner, whose own initial values are
/// the defaults, and the output format.
struct PlanOptions: CommandOptions {
    /// `csvPath` stays empty until `--csv` is given, which `validate` requires.
    var planner = CrawlPlanner(csvPath: "")
    var isJSON = false
}
