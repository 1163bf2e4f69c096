import Foundation

/// Fetches one work's picture to a final outcome, the way ``ObjectFetcher``
/// fetches an object: paced by the shared ``RequestPacer``, retried with
/// ``Backoff``, cooling down on blocks. A verified picture is written to the
/// folder before the result is handed back.
///
/// Every answer that is not a picture costs one of `maxAttempts`, blocks
/// included, so an image host that keeps sending an HTML page for one URL
/// (a soft 404, or a block that outlasts the cooldowns) ends as a `blocked`
/// failure instead of looping for ever.
struct ImageFetcher: Sendable {
    /// One image to fetch.
    struct Job: Sendable {
        var objectID: Int
        var url: String
        var previousFile: String?
    }

    /// What one fetch task hands back to the loop.
    enum Completion: Sendable {
        case finished(ImageResult, tally: FetchTally)
        /// The run stopped (signal or budget) before this image had an outcome.
        case abandoned(RequestPacer.Refusal, tally: FetchTally)
        /// No connection could be made, attempt after attempt.
        case unreachable(reason: String, tally: FetchTally)
        /// The picture could not be written: the run must stop.
        case cannotWrite(ImageError, tally: FetchTally)
    }

    let client: any HTTPClient
    let pacer: RequestPacer
    let directory: ImageDirectory
    let maxAttempts: Int
    let backoff: Backoff
    let seed: UInt64

    func fetch(_ job: Job) async -> Completion {
        var tally = FetchTally()
        var generator = SeededGenerator(seed: seed ^ UInt64(truncatingIfNeeded: job.objectID))
        let url = Self.requestURL(job.url)
        while true {
            if let refusal = await pacer.acquire() {
                return .abandoned(refusal, tally: tally)
            }
            tally.requests += 1
            let attempts = tally.requests
            var response: HTTPResponse?
            let verdict: ImageClassifier.Verdict
            do {
                let answer = try await client.get(url)
                response = answer
                verdict = ImageClassifier.verdict(for: answer)
            } catch let error as HTTPError {
                verdict = ImageClassifier.verdict(for: error)
            } catch {
                verdict = .retry(.network, reason: "\(error)", status: nil, retryAfter: nil)
            }
            func finish(_ outcome: ImageResult.Outcome, status: Int?) -> Completion {
                let result = ImageResult(
                    objectID: job.objectID, url: job.url, outcome: outcome, httpStatus: status,
                    contentType: response?.contentType, fetchedAt: Date(), attempts: tally.requests,
                    previousFile: job.previousFile)
                return .finished(result, tally: tally)
            }
            let exhausted = attempts >= maxAttempts
            let suffix = " (after \(attempts) attempts)"
            switch verdict {
            case .image(let kind, let status):
                let body = response?.body ?? []
                let file = ImageFile(
                    name: ImageFile.name(objectID: job.objectID, kind: kind), kind: kind,
                    bytes: body.count, sha256: SHA256.hex(of: body))
                do {
                    try directory.write(body, as: file.name)
                } catch let error as ImageError {
                    return .cannotWrite(error, tally: tally)
                } catch {
                    return .cannotWrite(.cannotWrite(path: directory.filePath(file.name), reason: "\(error)"), tally: tally)
                }
                return finish(.saved(file), status: status)
            case .failed(let failure, let reason, let status):
                return finish(.failed(failure, reason: reason), status: status)
            case .block(let reason, let status):
                tally.blockedAnswers += 1
                await pacer.reportBlock()
                if exhausted { return finish(.failed(.blocked, reason: reason + suffix), status: status) }
            case .retry(let failure, let reason, let status, let retryAfter):
                if exhausted { return finish(.failed(failure, reason: reason + suffix), status: status) }
                tally.retries += 1
                let delay = backoff.delay(attempt: attempts, retryAfter: retryAfter, using: &generator)
                if let refusal = await pacer.pause(seconds: delay) { return .abandoned(refusal, tally: tally) }
            case .unreachable(let reason):
                if exhausted { return .unreachable(reason: reason + suffix, tally: tally) }
                tally.retries += 1
                let delay = backoff.delay(attempt: attempts, retryAfter: nil, using: &generator)
                if let refusal = await pacer.pause(seconds: delay) { return .abandoned(refusal, tally: tally) }
            }
        }
    }

    /// `url` with spaces, non-ASCII and other characters a URL cannot hold
    /// percent-encoded (as UTF-8); existing `%XX` escapes are kept. The
    /// records hold URLs such as `…/web-large/sfrl26.145.260a, b_251176.jpg`.
    static func requestURL(_ url: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(url.utf8.count)
        for byte in url.utf8 {
            if allowed.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
