import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Lays out the catalog's kept works, writes the page files and records
/// each work's page and position in `works`.
package struct PagesBuilder {
    /// What a build did.
    package struct Result: Sendable, Equatable {
        package var pages: [[Int]]
        /// Lines that differ from the previously written set.
        package var changedLines: Int
        /// Kept works beyond the pages' capacity.
        package var unpaged: Int
        /// The folder the files are in.
        package var folder: String
        /// Kept works left out for want of a verified picture (`requireImage`).
        package var withoutImage = 0
        /// Lines of the page folder's manifest that were not page names,
        /// now dropped (escaped, for a warning).
        package var ignoredManifestLines: [String] = []
        /// Why the manifest itself was ignored (see ``PageWriter/Written``).
        package var ignoredManifest: String?
    }

    package let catalog: Catalog
    package let layout: PageLayout
    package let outDirectory: String
    /// Page only works whose picture `etl images` verified (and whose file
    /// is still in the image folder with its recorded size).
    package let requireImage: Bool
    /// Also write `N.json` bundles (``PageBundle``) in the same set.
    package let writesBundles: Bool

    /// The `settings` key of the page settings last written (``PageSettings``):
    /// later `crawl` and `pages` runs keep what they do not give, and
    /// `etl images` pages its work in this order.
    package static let layoutKey = "pages_layout"

    package init(catalog: Catalog, layout: PageLayout, outDirectory: String, requireImage: Bool = false,
                writesBundles: Bool = false) {
        self.catalog = catalog
        self.layout = layout
        self.outDirectory = outDirectory
        self.requireImage = requireImage
        self.writesBundles = writesBundles
    }

    /// Builds with `settings` as they are (resolve them first with ``settings(for:in:)``).
    package init(catalog: Catalog, settings: PageSettings, outDirectory: String) {
        self.init(
            catalog: catalog, layout: settings.layout, outDirectory: outDirectory,
            requireImage: settings.requireImage, writesBundles: settings.writesBundles)
    }

    /// The settings in force for a run that gave `request`: its given
    /// options over the catalog's, and, when that changes what the catalog
    /// holds, what changed (`--order id (was shuffle)`), to be said once.
    package static func settings(for request: PageSettings, in catalog: Catalog) throws -> (PageSettings, changes: [String]) {
        let stored = try recordedSettings(in: catalog)
        let settings = request.resolved(over: stored)
        // A given --pages over a kept --page-size (or the reverse) may be too
        // large together: the user's to fix. Kept settings too large on their
        // own (a hand-edited catalog) are the catalog's, and said so.
        do {
            try settings.layout.validate()
        } catch let error as ValidationError {
            if let stored, !request.given.isSuperset(of: [.pages, .pageSize]), (try? stored.layout.validate()) == nil {
                throw KeptPageSettingsError(stored: stored.stored, catalogPath: catalog.path, reason: "more than \(PageLayout.maximumSlots) places")
            }
            throw UsageError(error.message, command: nil)
        }
        return (settings, settings.changes(from: stored ?? PageSettings()))
    }

    /// Files first, then the catalog: if writing files fails, the catalog
    /// still describes the set that is on disk.
    /// `stop` (`etl pages`) ends the work between steps and between the
    /// files written, before anything is put in place; a crawl writes its
    /// pages whatever signal ended it, so it gives none.
    package func build(stop: StopSignal? = nil) throws -> Result {
        var kept = try catalog.keptIDs()
        var withoutImage = 0
        if requireImage {
            let directory = try catalog.setting(Catalog.imageDirectoryKey).map { ImageDirectory(path: $0) }
            let verified = try directory.map { try catalog.verifiedImageIDs(directory: $0) } ?? []
            // The same photograph under a second ID would show twice
            // (byte-identical, or a resized or re-encoded copy).
            let duplicates = try catalog.copiedImageIDs()
            let all = kept.count
            kept = kept.filter { verified.contains($0) && !duplicates.contains($0) }
            withoutImage = all - kept.count
        }
        try StoppedBySignal.check(stop)
        let pages = layout.pages(for: kept)
        let previous = try catalog.recordedPages()
        let bundles = writesBundles ? try PageBundle.bundles(for: pages, in: catalog) : nil
        try StoppedBySignal.check(stop)
        let written = try PageWriter(outDirectory: outDirectory).write(pages: pages, bundles: bundles, stop: stop)
        try catalog.recordPages(pages)
        let settings = PageSettings(layout: layout, requireImage: requireImage, writesBundles: writesBundles)
        try catalog.setSetting(Self.layoutKey, to: settings.stored)
        let paged = pages.reduce(0) { $0 + $1.count }
        return Result(
            pages: pages, changedLines: PageLayout.changedLines(from: previous, to: pages),
            unpaged: kept.count - paged, folder: written.folder, withoutImage: withoutImage,
            ignoredManifestLines: written.ignoredManifestLines, ignoredManifest: written.ignoredManifest)
    }

    /// The layout last written to the catalog, if any.
    package static func recordedLayout(in catalog: Catalog) throws -> PageLayout? {
        try recordedSettings(in: catalog)?.layout
    }

    /// The page settings last written to the catalog, if any.
    package static func recordedSettings(in catalog: Catalog) throws -> PageSettings? {
        try catalog.setting(layoutKey).flatMap(PageSettings.init(stored:))
    }
}
