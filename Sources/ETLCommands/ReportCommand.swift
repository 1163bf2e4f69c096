import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// `etl report`: one HTML page with charts of the crawls and the dataset.
package enum ReportCommand {
    package static let command = Command<ReportOptions>(
        name: "report",
        abstract: "Write an HTML page with charts of the crawls and the dataset.",
        discussion: """
            One self-contained file (inline SVG and CSS, no script, nothing fetched)
            that reads on a phone and a desktop: each recent crawl over time, per
            second under three minutes and per minute beyond (requests against the
            rate in force and the learnt ceiling, blocks marked; a run under five
            seconds has its figures only), works kept and the backlog across
            crawls, the dataset by department, century and rejection reason,
            picture coverage, and a table of the last crawls. The same catalog gives
            the same bytes, apart from the "Generated at" line.
            """,
        options: [
            SharedOptions.source(\.source, "Picks the default catalog."),
            SharedOptions.catalog(\.catalogPath),
            Option.path("out", "file", "The page to write.", \.outPath, absent: "report.html beside the catalog"),
            Option.integer(
                "runs", "n", "Crawls and image runs charted over time; crawls in the table.", \.runLimit, in: 1...1_000),
        ],
        source: \.source,
        makeCommand: { .report($0) })

    package static let spec = command.spec
}
