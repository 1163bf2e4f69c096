/// What `etl report` needs.
public struct ReportOptions: Sendable, Equatable {
    /// Picks the default catalog.
    public var source = SourceName.met
    public var catalogPath = SourceName.met.defaultCatalogPath
    /// `--source` when given: another source's catalog is then refused.
    public var givenSource: SourceName?
    /// nil: `report.html` beside the catalog.
    public var outPath: String?
    /// Crawls shown minute by minute and in the table (`--runs`).
    public var runLimit = 14

    public init() {}

    /// `--out`, or `report.html` in the catalog's folder.
    public var resolvedOutPath: String {
        outPath ?? Self.defaultOutPath(catalogPath: catalogPath)
    }

    public static func defaultOutPath(catalogPath: String) -> String {
        let folder = LocalPath(catalogPath).parent
        return folder.string == "." ? "report.html" : folder.appending("report.html").string
    }
}
