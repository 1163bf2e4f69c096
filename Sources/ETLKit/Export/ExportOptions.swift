/// What `etl export` writes.
public struct ExportOptions: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable {
        case jsonl
        case csv
    }

    public enum Table: String, Sendable, CaseIterable {
        case works
        case objects
        case rejections
    }

    /// Picks the default catalog.
    public var source = SourceName.met
    public var catalogPath = SourceName.met.defaultCatalogPath
    public var format = Format.jsonl
    public var table = Table.works
    /// The file to write; nil for standard output.
    public var outPath: String?
    public init() {}
}
