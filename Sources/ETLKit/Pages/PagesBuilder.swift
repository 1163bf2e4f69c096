/// Lays out the catalog's kept works, writes the page files and records
/// each work's page and position in `works`.
public struct PagesBuilder {
    /// What a build did.
    public struct Result: Sendable, Equatable {
        public var pages: [[Int]]
        /// Lines that differ from the previously written set.
        public var changedLines: Int
        /// Kept works beyond the pages' capacity.
        public var unpaged: Int
        /// The folder the files are in.
        public var folder: String
    }

    public let catalog: Catalog
    public let layout: PageLayout
    public let outDirectory: String

    public init(catalog: Catalog, layout: PageLayout, outDirectory: String) {
        self.catalog = catalog
        self.layout = layout
        self.outDirectory = outDirectory
    }

    /// Files first, then the catalog: if writing files fails, the catalog
    /// still describes the set that is on disk.
    public func build() throws -> Result {
        let kept = try catalog.keptIDs()
        let pages = layout.pages(for: kept)
        let previous = try catalog.recordedPages()
        let folder = try PageWriter(outDirectory: outDirectory).write(pages: pages)
        try catalog.recordPages(pages)
        let paged = pages.reduce(0) { $0 + $1.count }
        return Result(
            pages: pages, changedLines: PageLayout.changedLines(from: previous, to: pages),
            unpaged: kept.count - paged, folder: folder)
    }
}
