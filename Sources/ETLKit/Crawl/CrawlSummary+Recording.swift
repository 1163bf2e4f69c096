import FetchEngine

/// What every crawl, of any source, records the same way at its end.
extension CrawlSummary {
    /// Rebuilds the kept works from `objects` and writes the pages;
    /// `completeWorks` runs between the two (a source copies its own columns).
    mutating func recordWorksAndPages(
        of catalog: Catalog, keptBefore: Int, options: CrawlOptions, completeWorks: () throws -> Void = {}
    ) throws {
        let change = try catalog.rebuildWorks()
        try completeWorks()
        kept = change.kept
        keptDelta = change.kept - keptBefore
        let layout = try PagesBuilder(
            catalog: catalog, layout: options.layout, outDirectory: options.outDirectory,
            requireImage: options.requireImage, writesBundles: options.writesBundles
        ).build()
        pageLinesChanged = layout.changedLines
        unpaged = layout.unpaged
        if !layout.ignoredManifestLines.isEmpty { ignoredManifestLines = layout.ignoredManifestLines }
    }

    /// The pacer's counts and the run's time.
    mutating func recordTimes(of pacer: RequestPacer, elapsed: Duration) async {
        let seconds = elapsed.inSeconds
        requests = await pacer.requests
        blocks = await pacer.blocks
        refusals = await pacer.refusals
        noise = await pacer.noise
        durationSeconds = seconds
        achievedRate = seconds > 0 ? Double(requests) / seconds : 0
    }
}
