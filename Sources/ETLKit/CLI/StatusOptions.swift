/// What `etl status` needs.
public struct StatusOptions: CommandOptions, Equatable {
    /// Picks the default catalog.
    public var source = SourceName.met
    public var catalogPath = SourceName.met.defaultCatalogPath
    /// `--source` when given: another source's catalog is then refused.
    public var givenSource: SourceName?
    public var isJSON = false
    public init() {}
}
