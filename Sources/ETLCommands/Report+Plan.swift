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

extension Report {
    /// `etl plan` as text.
    package static func text(for plan: PlanReport) -> String {
        var text = """
            listed IDs        \(plan.listed)
              likely complete \(plan.likelyComplete)
              unknown         \(plan.unknown) (not in the CSV)
              cannot pass     \(plan.cannotPass)

            """
        for (reason, count) in plan.reasons.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            text += "    \(reason.rawValue.padding(toLength: 30, withPad: " ", startingAt: 0)) \(count)\n"
        }
        let saved = plan.requestsWithoutSkip - plan.requestsWithSkip
        text += "CSV rows read     \(plan.csvRows) (\(plan.csvBadRows) bad rows skipped)\n"
        text += "requests          \(plan.requestsWithoutSkip) for a full crawl, \(plan.requestsWithSkip) with --csv-skip (\(saved) saved)\n"
        text += "time at \(FigureText.rate(plan.rate))    \(FigureText.duration(plan.secondsWithoutSkip)) for a full crawl, \(FigureText.duration(plan.secondsWithSkip)) with --csv-skip\n"
        return text
    }
}
