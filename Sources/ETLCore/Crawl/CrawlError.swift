import FetchEngine
import Foundation
import Store

/// Errors that stop a crawl before or outside the fetching of objects.
package enum CrawlError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another `etl crawl` holds the catalog's lock.
    case catalogBusy(path: String, holder: Int?, command: String = "crawl")
    /// The ID listing could not be fetched or read.
    case listingFailed(url: String, reason: String)
    /// The listing's host never answered (no connection, no name).
    case unreachable(url: String, reason: String)
    /// `unreachable` on a catalog that has never completed a run: most
    /// likely a first try without the network, so the run is not kept as
    /// history and the message says what to do next.
    case neverReached(url: String, reason: String)
    /// The `--ids` file cannot be read.
    case cannotReadIDs(path: String, reason: String)
    /// The listing is JSON but not a consistent one (`total` off, `objectIDs` null).
    case invalidListing(url: String, reason: String)
    /// The listing would withdraw more of the catalog than `--max-withdraw` allows.
    case tooManyWithdrawn(url: String, withdrawn: Int, listed: Int, limit: String)
    /// A line of the `--ids` file is not a positive decimal ID.
    case invalidID(path: String, line: Int, text: String)

    package var description: String {
        switch self {
        case .catalogBusy(let path, let holder, let command):
            let who = holder.map { " (pid \($0))" } ?? ""
            return "catalog '\(path)' is in use by another etl \(command)\(who); try again when it has finished"
        case .listingFailed(let url, let reason), .unreachable(let url, let reason):
            return "cannot list object IDs from \(url): \(reason)"
        case .neverReached(let url, let reason):
            return "cannot list object IDs from \(url): \(reason). No answer from this API yet, so no run was recorded: "
                + "check the network or proxy (https_proxy), give a reachable mirror with --api URL, "
                + "or try the offline quick start in README.md (a mock API on 127.0.0.1)"
        case .invalidListing(let url, let reason):
            return "the ID listing from \(url) is not usable: \(reason); nothing was changed, run again later"
        case .tooManyWithdrawn(let url, let withdrawn, let listed, let limit):
            let percent = listed > 0 ? Double(withdrawn) * 100 / Double(listed) : 0
            return "the ID listing from \(url) would withdraw \(withdrawn) of the catalog's \(listed) listed objects "
                + "(\(String(format: "%.1f", percent))%), more than --max-withdraw \(limit); nothing was changed. "
                + "If the API really dropped them, run again with --max-withdraw 100%"
        case .cannotReadIDs(let path, let reason):
            return "cannot read --ids file '\(path)': \(reason)"
        case .invalidID(let path, let line, let text):
            return "--ids file '\(path)' line \(line): expected a positive decimal object ID, found '\(text)'"
        }
    }
}
