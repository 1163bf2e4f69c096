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
    /// `--source` when given: another source's catalog is then refused.
    public var givenSource: SourceName?
    public var format = Format.jsonl
    public var table = Table.works
    /// The file to write; nil for standard output.
    public var outPath: String?
    /// Replace an existing ordinary file at `outPath` (never a database,
    /// the catalog or a special file: see ``OutputTarget``).
    public var replacesExisting = false
    /// Prefix `'` to CSV cells a spreadsheet would run as a formula.
    public var isCSVSafe = false
    public init() {}
}
