import FetchEngine
import Foundation

/// Reads the ID listings: `GET {api}/objects[?metadataDate=…]` or an `--ids` file.
struct ObjectListing: Sendable {
    let client: any HTTPClient
    let pacer: RequestPacer
    let api: String
    let maxAttempts: Int
    let backoff: Backoff

    private var stop: StopSignal { pacer.stop }

    /// All listed IDs, or those changed since `metadataDate` (`YYYY-MM-DD`),
    /// checked by ``ObjectListingBody``.
    func fetchIDs(metadataDate: String? = nil) async throws -> ObjectListingBody {
        let url = metadataDate.map { "\(api)/objects?metadataDate=\($0)" } ?? "\(api)/objects"
        let listing = ListingRequest.Listing(url: url, isChangedListing: metadataDate != nil)
        let fetcher = Fetcher(kind: ListingRequest(), client: client, pacer: pacer, maxAttempts: maxAttempts, backoff: backoff, seed: 1)
        let pacer = self.pacer
        // A forced stop or the deadline cancels the listing's transfer too.
        let completion = await withTaskGroup(of: FetchCompletion<ListingRequest.Listing, ListingRequest.Answer>?.self) { group in
            group.addTask { await fetcher.fetch(listing) }
            group.addTask {
                await pacer.waitUntilTransfersMustEnd()
                return nil
            }
            var result: FetchCompletion<ListingRequest.Listing, ListingRequest.Answer>?
            while result == nil, let next = await group.next() {
                result = next
                group.cancelAll()
            }
            return result
        }
        guard let completion else { throw ListingStopped(reason: stop.isRequested ? .stopped : .timeBudget) }
        switch completion {
        case .finished(.body(let body), _):
            return body
        case .finished(.failed(let reason), _):
            throw CrawlError.listingFailed(url: url, reason: reason)
        case .abandoned(_, let reason, _):
            throw ListingStopped(reason: reason)
        case .unreachable(_, let failure, _):
            throw CrawlError.listingFailed(url: url, reason: failure.reason)
        case .fatal(_, let error as CrawlError, _):
            throw error
        case .fatal(_, let error, _):
            throw CrawlError.listingFailed(url: url, reason: "\(error)")
        }
    }

    /// IDs from a file, one positive decimal ID a line; blank lines are
    /// skipped, a leading UTF-8 BOM is ignored, repeats are dropped (and
    /// counted). The file is read in chunks and a line longer than any ID
    /// stops it at once, so a huge file of garbage costs neither time nor
    /// memory.
    static func readIDs(path: String) throws -> ObjectListingBody {
        switch LocalPath(path).kind {
        case nil:
            throw CrawlError.cannotReadIDs(path: path, reason: String(cString: strerror(errno)))
        case .directory:
            throw CrawlError.cannotReadIDs(path: path, reason: "it is a directory; expected a file of IDs, one a line")
        default:
            break
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CrawlError.cannotReadIDs(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var reader = IDLineReader(path: path)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CrawlError.cannotReadIDs(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            try reader.consume(chunk[0..<count])
        }
        return try reader.finish()
    }
}

/// The run stopped (a signal, a budget) before the listing answered: an
/// interrupted or budgeted run, not a failed one.
struct ListingStopped: Error {
    var reason: RequestPacer.StopReason
}
