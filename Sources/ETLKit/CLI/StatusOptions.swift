/// What `etl status` needs.
public struct StatusOptions: CommandOptions, Equatable {
    /// Picks the default catalog.
    public var source = SourceName.met
    public var catalogPath = SourceName.met.defaultCatalogPath
    public var isJSON = false
    public init() {}
}
