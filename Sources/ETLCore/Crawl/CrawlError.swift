import FetchEngine
import Foundation
import Store

/// Errors that stop a crawl before or outside the fetching of objects.
package enum CrawlError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another `etl crawl` holds the catalog's lock.
    case catalogBusy(path: String, holder: Int?, command: String = "crawl")
    /// The ID listing could not be fetched or read.
    case listingFailed(url: String, reason: String)
    /// The API never answered (no connection, no name): the listing at
    /// `url`, or every object tried from the API at `url`.
    case unreachable(url: String, reason: String, request: Request = .listing)
    /// `unreachable` on a catalog that has never completed a run: most
    /// likely a first try without the network, so the run is not kept as
    /// history and the message says what to do next.
    case neverReached(url: String, reason: String, request: Request = .listing)
    /// The `--ids` file cannot be read.
    case cannotReadIDs(path: String, reason: String)
    /// The listing is JSON but not a consistent one (`total` off, `objectIDs` null).
    case invalidListing(url: String, reason: String)
    /// The listing would withdraw more of the catalog than `--max-withdraw` allows.
    case tooManyWithdrawn(url: String, withdrawn: Int, listed: Int, limit: String)
    /// A line of the `--ids` file is not a positive decimal ID.
    case invalidID(path: String, line: Int, text: String)

    /// What the crawl asked of an API that never answered.
    package enum Request: Sendable, Equatable {
        /// The list of IDs (or records).
        case listing
        /// The objects one by one (`GET …/objects/{id}`), none of which answered.
        case objects

        /// "cannot list object IDs from URL", the start of the error's text.
        func failed(from url: String) -> String {
            switch self {
            case .listing: return "cannot list object IDs from \(url)"
            case .objects: return "cannot fetch objects from \(url)"
            }
        }
    }

    package var description: String {
        switch self {
        case .catalogBusy(let path, let holder, let command):
            let who = holder.map { " (pid \($0))" } ?? ""
            return "catalog '\(path)' is in use by another etl \(command)\(who); try again when it has finished"
        case .listingFailed(let url, let reason):
            return "\(Request.listing.failed(from: url)): \(reason)"
        case .unreachable(let url, let reason, let request):
            return "\(request.failed(from: url)): \(reason)"
        case .neverReached(let url, let reason, let request):
            return "\(request.failed(from: url)): \(reason). No answer from this API yet, so no run was recorded: "
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
