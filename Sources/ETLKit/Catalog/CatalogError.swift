/// Errors about the catalog file itself.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not an SQLite database, or is one that `etl` did not create.
    case notACatalog(path: String, reason: String)
    /// The catalog was written by a newer `etl` with a schema this one does not know.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The catalog file or its folder cannot be created or opened.
    case cannotOpen(path: String, reason: String)
    /// The catalog does not exist (commands that only read it).
    case missing(path: String)

    public var description: String {
        switch self {
        case .notACatalog(let path, let reason):
            return "'\(path)' is not an etl catalog (\(reason)); it was left untouched"
        case .newerSchema(let path, let found, let supported):
            return "catalog '\(path)' has schema version \(found), but this etl supports up to \(supported); upgrade etl"
        case .cannotOpen(let path, let reason):
            return "cannot open catalog '\(path)': \(reason)"
        case .missing(let path):
            return "no catalog at '\(path)'; run 'etl crawl' first or pass --catalog PATH"
        }
    }
}
