import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import Store

/// Reads a source whose listing names IDs and whose items are fetched one
/// by one: it plans the queue, says how one item's answers read, and
/// writes the results. The pipeline runs the fetching (bounded fan-out,
/// batches, telemetry) and everything around it.
package protocol ItemFetcher: Sendable {
    associatedtype Kind: FetchKind where Kind.Item == Int, Kind.Output == FetchResult<Writer.Record>
    associatedtype Writer: ResultWriting
    /// What the options name that is read before anything is opened (an `--ids` file's IDs).
    associatedtype Inputs: Sendable

    /// How one item's answers read, for the API at `api`.
    func kind(api: String) -> Kind
    /// Reads the inputs options name, once, before the lock, the catalog or a
    /// request; a signal (`stop`) ends a wait for a pipe's writer.
    func readInputs(_ options: CrawlOptions, stop: StopSignal) throws -> Inputs
    /// Brings the catalog's queue up to date (listing, changes, plans) and
    /// returns it in work order, filling the summary's listing figures.
    func plan(_ context: PlanContext, inputs: Inputs, summary: inout CrawlSummary) async throws -> [Int]
    /// The name of a run of `options`, given whether the catalog has a completed run (`full`, `incremental`, …).
    func mode(of options: CrawlOptions, hasCursor: Bool) -> String
}

/// What planning works with.
package struct PlanContext {
    package var catalog: Catalog
    package var options: CrawlOptions
    package var client: any HTTPClient
    package var pacer: RequestPacer
    package var stop: StopSignal
    package var reporter: any CrawlReporter
    /// The UTC day the last completed run started, if any.
    package var cursor: String?
    package var mode: String

    package init(
        catalog: Catalog, options: CrawlOptions, client: any HTTPClient, pacer: RequestPacer, stop: StopSignal,
        reporter: any CrawlReporter, cursor: String?, mode: String
    ) {
        self.catalog = catalog
        self.options = options
        self.client = client
        self.pacer = pacer
        self.stop = stop
        self.reporter = reporter
        self.cursor = cursor
        self.mode = mode
    }
}
