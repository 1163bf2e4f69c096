/// Errors that stop a crawl before or outside the fetching of objects.
public enum CrawlError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another `etl crawl` holds the catalog's lock.
    case catalogBusy(path: String, holder: Int?)
    /// The ID listing could not be fetched or read.
    case listingFailed(url: String, reason: String)
    /// The `--ids` file cannot be read.
    case cannotReadIDs(path: String, reason: String)
    /// A line of the `--ids` file is not a positive decimal ID.
    case invalidID(path: String, line: Int, text: String)

    public var description: String {
        switch self {
        case .catalogBusy(let path, let holder):
            let who = holder.map { " (pid \($0))" } ?? ""
            return "catalog '\(path)' is in use by another etl crawl\(who); try again when it has finished"
        case .listingFailed(let url, let reason):
            return "cannot list object IDs from \(url): \(reason)"
        case .cannotReadIDs(let path, let reason):
            return "cannot read --ids file '\(path)': \(reason)"
        case .invalidID(let path, let line, let text):
            return "--ids file '\(path)' line \(line): expected a positive decimal object ID, found '\(text)'"
        }
    }
}
