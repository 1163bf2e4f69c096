/// What `etl gallery` needs.
public struct GalleryOptions: CommandOptions, Equatable {
    /// Picks the default catalog.
    public var source = SourceName.met
    public var catalogPath = SourceName.met.defaultCatalogPath
    /// One page (1-based); nil: every page.
    public var page: Int?
    /// nil: `gallery` beside the catalog.
    public var outDirectory: String?

    public init() {}

    /// `--out`, or `gallery` in the catalog's folder.
    public var resolvedOutDirectory: String {
        if let outDirectory { return outDirectory }
        let folder = LocalPath(catalogPath).parent
        return folder.string == "." ? "gallery" : folder.appending("gallery").string
    }
}
