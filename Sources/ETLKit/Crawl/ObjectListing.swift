import Foundation

/// Reads the ID listings: `GET {api}/objects[?metadataDate=…]` or an `--ids` file.
struct ObjectListing: Sendable {
    let client: any HTTPClient
    let pacer: RequestPacer
    let api: String
    let maxAttempts: Int
    let backoff: Backoff

    /// All listed IDs, or those changed since `metadataDate` (`YYYY-MM-DD`),
    /// checked by ``ObjectListingBody``.
    func fetchIDs(metadataDate: String? = nil) async throws -> ObjectListingBody {
        let url = metadataDate.map { "\(api)/objects?metadataDate=\($0)" } ?? "\(api)/objects"
        var generator = SeededGenerator(seed: 1)
        var failures = 0
        while true {
            if let refusal = await pacer.acquire() {
                throw CrawlError.listingFailed(url: url, reason: "stopped before the listing (\(refusal))")
            }
            let response: HTTPResponse
            do {
                response = try await client.get(url)
            } catch let error as HTTPError {
                if case .cannotConnect(_, let reason) = error { throw CrawlError.listingFailed(url: url, reason: reason) }
                guard error.isRetryable else { throw CrawlError.listingFailed(url: url, reason: error.description) }
                failures += 1
                if failures >= maxAttempts { throw CrawlError.listingFailed(url: url, reason: error.description) }
                try await Task.sleep(for: .milliseconds(Int64(backoff.delay(attempt: failures, retryAfter: nil, using: &generator) * 1000)))
                continue
            }
            switch response.status {
            case 200:
                if let body = try ObjectListingBody.decode(response.body, url: url, isChangedListing: metadataDate != nil) {
                    return body
                }
                if response.body.first == UInt8(ascii: "<") || response.contentType?.contains("html") == true {
                    await pacer.reportBlock()
                    failures += 1
                } else {
                    throw CrawlError.listingFailed(url: url, reason: "the body is not {\"total\": N, \"objectIDs\": [...]}")
                }
            case 403, 429:
                await pacer.reportBlock()
                failures += 1
            case 408, 500...599:
                failures += 1
                let delay = backoff.delay(attempt: failures, retryAfter: response.retryAfter, using: &generator)
                try await Task.sleep(for: .milliseconds(Int64(delay * 1000)))
            default:
                let message = ResponseClassifier.message(in: response.body)
                    ?? (try? JSONDecoder().decode(String.self, from: Data(response.body)))
                    ?? "no message"
                // The server's words, escaped and cut: they end up on a terminal and in logs.
                let shown = TerminalText.escaped(message.prefix(200)) + (message.count > 200 ? "…" : "")
                throw CrawlError.listingFailed(url: url, reason: "HTTP \(response.status): \(shown)")
            }
            if failures >= maxAttempts {
                throw CrawlError.listingFailed(url: url, reason: "HTTP \(response.status) after \(failures) attempts")
            }
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
