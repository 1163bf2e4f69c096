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

    public var catalogPath = "data/catalog.sqlite"
    public var format = Format.jsonl
    public var table = Table.works
    /// The file to write; nil for standard output.
    public var outPath: String?
    public init() {}
}
