/// What `etl pages` needs.
public struct PagesOptions: CommandOptions, Equatable {
    /// Picks the default catalog and page folder.
    public var source = SourceName.met
    public var catalogPath = SourceName.met.defaultCatalogPath
    public var outDirectory = SourceName.met.defaultOutDirectory
    public var layout = PageLayout()
    /// Page only works with a verified picture (`--require-image`).
    public var requireImage = false
    /// Also write the `N.json` bundles (`--bundles`).
    public var writesBundles = false
    public init() {}
}
