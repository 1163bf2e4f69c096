import FetchEngine
import Foundation

/// Reads the ID listings: `GET {api}/objects[?metadataDate=…]` or an `--ids` file.
struct ObjectListing: Sendable {
    let client: any HTTPClient
    let pacer: RequestPacer
    let api: String
    let maxAttempts: Int
    let backoff: Backoff

    /// All listed IDs, or those changed since `metadataDate` (`YYYY-MM-DD`).
    func fetchIDs(metadataDate: String? = nil) async throws -> [Int] {
        let url = metadataDate.map { "\(api)/objects?metadataDate=\($0)" } ?? "\(api)/objects"
        let fetcher = Fetcher(kind: ListingRequest(), client: client, pacer: pacer, maxAttempts: maxAttempts, backoff: backoff, seed: 1)
        switch await fetcher.fetch(url) {
        case .finished(.ids(let ids), _):
            return ids
        case .finished(.failed(let reason), _):
            throw CrawlError.listingFailed(url: url, reason: reason)
        case .abandoned(_, let reason, _):
            throw CrawlError.listingFailed(url: url, reason: "stopped before the listing (\(reason))")
        case .unreachable(_, let failure, _):
            throw CrawlError.listingFailed(url: url, reason: failure.reason)
        case .fatal(_, let error, _):
            throw CrawlError.listingFailed(url: url, reason: "\(error)")
        }
    }

    /// IDs from a file, one positive decimal ID a line; blank lines are skipped.
    static func readIDs(path: String) throws -> [Int] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CrawlError.cannotReadIDs(path: path, reason: (error as NSError).localizedDescription)
        }
        // One pass over the bytes: no line strings for a 500,000-line file.
        var ids: [Int] = []
        var lineNumber = 1
        var lineStart = data.startIndex
        func finishLine(upTo end: Data.Index) throws {
            var line = data[lineStart..<end]
            while let first = line.first, first == 0x20 || first == 0x09 || first == 0x0D { line = line.dropFirst() }
            while let last = line.last, last == 0x20 || last == 0x09 || last == 0x0D { line = line.dropLast() }
            guard !line.isEmpty else { return }
            var value = 0
            for byte in line {
                guard byte >= 0x30, byte <= 0x39, value < Int.max / 10 - 9 else {
                    let text = String(decoding: line, as: UTF8.self)
                    throw CrawlError.invalidID(path: path, line: lineNumber, text: String(text.prefix(40)))
                }
                value = value * 10 + Int(byte - 0x30)
            }
            guard value > 0 else { throw CrawlError.invalidID(path: path, line: lineNumber, text: String(decoding: line, as: UTF8.self)) }
            ids.append(value)
        }
        for index in data.indices where data[index] == 0x0A {
            try finishLine(upTo: index)
            lineNumber += 1
            lineStart = data.index(after: index)
        }
        try finishLine(upTo: data.endIndex)
        return ids
    }
}
