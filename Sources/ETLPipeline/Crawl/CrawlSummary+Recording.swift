import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// What every crawl, of any source, records the same way at its end.
extension CrawlSummary {
    /// Rebuilds the kept works from `objects` and writes the pages;
    /// `completeWorks` runs between the two (a source copies its own columns).
    package mutating func recordWorksAndPages(
        of catalog: Catalog, keptBefore: Int, options: CrawlOptions, reporter: any CrawlReporter,
        completeWorks: () throws -> Void = {}
    ) throws {
        let change = try catalog.rebuildWorks()
        try completeWorks()
        kept = change.kept
        keptDelta = change.kept - keptBefore
        let (settings, changes) = try PagesBuilder.settings(for: options.paging, in: catalog)
        let layout = try PagesBuilder(catalog: catalog, settings: settings, outDirectory: options.outDirectory).build()
        if !changes.isEmpty { reporter.crawl(didReport: .pageSettingsChanged(changes)) }
        pageLinesChanged = layout.changedLines
        unpaged = layout.unpaged
        if !layout.ignoredManifestLines.isEmpty { ignoredManifestLines = layout.ignoredManifestLines }
        ignoredManifest = layout.ignoredManifest
    }

    /// The pacer's counts and the run's time.
    mutating func record(_ figures: PacedFigures) {
        (requests, blocks, refusals, noise) = (figures.requests, figures.blocks, figures.refusals, figures.noise)
        (durationSeconds, achievedRate) = (figures.durationSeconds, figures.achievedRate)
    }
}
