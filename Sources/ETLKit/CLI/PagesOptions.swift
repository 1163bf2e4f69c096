/// What `etl pages` needs.
public struct PagesOptions: CommandOptions, Equatable {
    /// Picks the default catalog and page folder.
    public var source = SourceName.met
    public var catalogPath = SourceName.met.defaultCatalogPath
    public var outDirectory = SourceName.met.defaultOutDirectory
    /// The page settings given; the catalog's fill in the rest.
    public var paging = PageSettings()
    public init() {}
}
