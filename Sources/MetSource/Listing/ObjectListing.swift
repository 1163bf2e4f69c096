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
    /// memory. A named pipe is opened without waiting for its writer, and a
    /// signal ends the wait for one (``InputFile``).
    package static func readIDs(path: String, stop: StopSignal? = nil) throws -> ObjectListingBody {
        let file: InputFile
        do {
            file = try InputFile(path: path, stop: stop)
        } catch let error as InputFileError {
            throw CrawlError.cannotReadIDs(path: path, reason: error.reason)
        }
        if file.kind == .directory {
            throw CrawlError.cannotReadIDs(path: path, reason: "it is a directory; expected a file of IDs, one a line")
        }
        var reader = IDLineReader(path: path)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count: Int
            do {
                count = try file.read(into: &chunk)
            } catch let error as InputFileError {
                throw CrawlError.cannotReadIDs(path: path, reason: error.reason)
            }
            if count == 0 { break }
            try reader.consume(chunk[0..<count])
        }
        return try reader.finish()
    }
}

