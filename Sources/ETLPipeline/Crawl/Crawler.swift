import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry

/// Runs one crawl of any source: one run sequence (check inputs, lock,
/// open, bind, begin the run, telemetry, finish) around what the source's
/// ``CrawlStyle`` reads.
///
///     let crawler = Crawler(options: options, client: try CurlClient(...), reporter: reporter, stop: stop)
///     let summary = try await crawler.run()
package struct Crawler: Sendable {
    package let options: CrawlOptions
    package let client: any HTTPClient
    package let reporter: any CrawlReporter
    package let stop: StopSignal
    /// Masked out of every error text, in case a server echoes it.
    package let credential: SourceCredential?

    /// The `settings` key of the cursor: the UTC day the last completed run started.
    package static let cursorKey = "last_completed_run_day"

    package init(
        options: CrawlOptions, client: any HTTPClient, credential: SourceCredential? = nil,
        reporter: any CrawlReporter = SilentReporter(), stop: StopSignal = StopSignal()
    ) {
        self.options = options
        self.client = client
        self.credential = credential
        self.reporter = reporter
        self.stop = stop
    }

    package var source: any Source { SourceRegistry.source(options.source) }

    package func run() async throws -> CrawlSummary {
        let source = self.source
        // Every input is checked before the catalog, its lock or a request is made.
        try Catalog.checkExisting(path: options.catalogPath)
        try PageWriter(outDirectory: options.outDirectory).checkWritable()
        var fetchItems: ((inout CrawlRun) async throws -> Void)?
        if case .itemByItem(let items) = source.crawl { fetchItems = try itemFetching(items) }
        let newFiles = NewCatalogFiles(catalogPath: options.catalogPath)
        let lock: CatalogLock
        do {
            lock = try CatalogLock(catalogPath: options.catalogPath)
        } catch let error as CatalogError {
            // No lock could be made (a path too long, a read-only folder, a
            // link in its place): the folders made for it go. Not when busy:
            // the crawl holding the lock may be creating the catalog's files.
            newFiles?.remove()
            throw error
        }
        defer { withExtendedLifetime(lock) {} }
        do {
            return try await crawl(source: source, fetchItems: fetchItems, newFiles: newFiles)
        } catch CrawlError.neverReached(let url, let reason, let request) {
            // The catalog is closed by now (it lived in `crawl`): a first
            // try without the network leaves nothing for the next command
            // to read as an empty catalog.
            newFiles?.remove()
            throw CrawlError.neverReached(url: url, reason: reason, request: request)
        }
    }

    /// The run sequence under the lock; the catalog is open only in here.
    private func crawl(
        source: any Source, fetchItems: ((inout CrawlRun) async throws -> Void)?, newFiles: NewCatalogFiles?
    ) async throws -> CrawlSummary {
        let catalog = try Catalog.openSource(path: options.catalogPath, crawledBy: source) { newFiles?.noteCreated() }
        try catalog.closeAbandonedRuns()
        let cursor = try catalog.setting(Self.cursorKey)
        var mode = "full"
        if case .itemByItem(let items) = source.crawl { mode = items.mode(of: options, hasCursor: cursor != nil) }
        var run = try CrawlRun(catalog: catalog, options: options, stop: stop, mode: mode, cursor: cursor)
        do {
            switch source.crawl {
            case .itemByItem:
                try await fetchItems?(&run)
            case .listing(let lister):
                try await readListing(lister, table: source.table, run: &run)
            }
        } catch {
            if !run.hasRecorded, let firstTry = catalog.discardUnreachableFirstRun(id: run.id, after: error) { throw firstTry }
            run.summary.status = .failed
            run.summary.error = masked("\(error)")
            await run.finish()
            try? catalog.finishRun(id: run.id, summary: run.summary, finishedAt: Date())
            let text = "\(error)"
            throw masked(text) == text ? error : MaskedError(description: masked(text))
        }
        await run.finish()
        try catalog.finishRun(id: run.id, summary: run.summary, finishedAt: Date())
        return run.summary
    }

    private func masked(_ text: String) -> String { credential?.masked(text) ?? text }
}

