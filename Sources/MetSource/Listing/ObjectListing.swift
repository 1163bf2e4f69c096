import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit
import Store

/// Reads the ID listings: `GET {api}/objects[?metadataDate=…]` or an `--ids` file.
package struct ObjectListing: Sendable {
    package let client: any HTTPClient
    package let pacer: RequestPacer
    package let api: String
    package let maxAttempts: Int
    package let backoff: Backoff

    /// All listed IDs, or those changed since `metadataDate` (`YYYY-MM-DD`),
    /// checked by ``ObjectListingBody``.
    package func fetchIDs(metadataDate: String? = nil) async throws -> ObjectListingBody {
        let url = metadataDate.map { "\(api)/objects?metadataDate=\($0)" } ?? "\(api)/objects"
        let listing = ListingRequest.Listing(url: url, isChangedListing: metadataDate != nil)
        let reader = PageReader(kind: ListingRequest(), client: client, pacer: pacer, maxAttempts: maxAttempts, backoff: backoff, seed: 1)
        return try await reader.read(listing)
    }

    /// IDs from a file, one positive decimal ID a line; blank lines are
    /// skipped, a leading UTF-8 BOM is ignored, repeats are dropped (and
    /// counted). The file is read in chunks and a line longer than any ID
    /// stops it at once, so a huge file of garbage costs neither time nor
    /// memory.
    package static func readIDs(path: String) throws -> ObjectListingBody {
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

