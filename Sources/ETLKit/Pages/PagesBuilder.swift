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
        /// Kept works left out for want of a verified picture (`requireImage`).
        public var withoutImage = 0
    }

    public let catalog: Catalog
    public let layout: PageLayout
    public let outDirectory: String
    /// Page only works whose picture `etl images` verified (and whose file
    /// is still in the image folder with its recorded size).
    public let requireImage: Bool
    /// Also write `N.json` bundles (``PageBundle``) in the same set.
    public let writesBundles: Bool

    /// The `settings` key of the layout last written; `etl images` pages
    /// its work in this order.
    public static let layoutKey = "pages_layout"

    public init(catalog: Catalog, layout: PageLayout, outDirectory: String, requireImage: Bool = false,
                writesBundles: Bool = false) {
        self.catalog = catalog
        self.layout = layout
        self.outDirectory = outDirectory
        self.requireImage = requireImage
        self.writesBundles = writesBundles
    }

    /// Files first, then the catalog: if writing files fails, the catalog
    /// still describes the set that is on disk.
    public func build() throws -> Result {
        var kept = try catalog.keptIDs()
        var withoutImage = 0
        if requireImage {
            let directory = try catalog.setting(Catalog.imageDirectoryKey).map(ImageDirectory.init(path:))
            let verified = try directory.map { try catalog.verifiedImageIDs(directory: $0) } ?? []
            // The same photograph under a second ID would show twice
            // (byte-identical, or a resized or re-encoded copy).
            let duplicates = try catalog.copiedImageIDs()
            let all = kept.count
            kept = kept.filter { verified.contains($0) && !duplicates.contains($0) }
            withoutImage = all - kept.count
        }
        let pages = layout.pages(for: kept)
        let previous = try catalog.recordedPages()
        let bundles = writesBundles ? try PageBundle.bundles(for: pages, in: catalog) : nil
        let folder = try PageWriter(outDirectory: outDirectory).write(pages: pages, bundles: bundles)
        try catalog.recordPages(pages)
        try catalog.setSetting(Self.layoutKey, to: Self.describe(layout))
        let paged = pages.reduce(0) { $0 + $1.count }
        return Result(
            pages: pages, changedLines: PageLayout.changedLines(from: previous, to: pages),
            unpaged: kept.count - paged, folder: folder, withoutImage: withoutImage)
    }

    /// The layout last written to the catalog, if any.
    public static func recordedLayout(in catalog: Catalog) throws -> PageLayout? {
        try catalog.setting(layoutKey).flatMap(parse)
    }

    /// `pages=30 page-size=100 order=shuffle seed=0`.
    static func describe(_ layout: PageLayout) -> String {
        "pages=\(layout.pageCount) page-size=\(layout.pageSize) order=\(layout.order.rawValue) seed=\(layout.seed)"
    }

    static func parse(_ text: String) -> PageLayout? {
        var fields: [Substring: Substring] = [:]
        for part in text.split(separator: " ") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            fields[pair[0]] = pair[1]
        }
        guard let count = fields["pages"].flatMap({ Int($0) }), count > 0,
              let size = fields["page-size"].flatMap({ Int($0) }), size > 0,
              let order = fields["order"].flatMap({ PageOrder(rawValue: String($0)) }),
              let seed = fields["seed"].flatMap({ UInt64($0) })
        else { return nil }
        return PageLayout(pageCount: count, pageSize: size, order: order, seed: seed)
    }
}
