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
                throw CrawlError.listingFailed(url: url, reason: "HTTP \(response.status): \(message)")
            }
            if failures >= maxAttempts {
                throw CrawlError.listingFailed(url: url, reason: "HTTP \(response.status) after \(failures) attempts")
            }
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
