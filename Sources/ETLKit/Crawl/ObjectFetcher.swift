import Foundation

/// Fetches one object to a final outcome: paced, retried with backoff,
/// waiting out blocks. Holds no state of its own beyond its settings.
struct ObjectFetcher: Sendable {
    /// What one fetch task hands back to the crawl loop.
    enum Completion: Sendable {
        case finished(FetchResult, tally: FetchTally)
        /// The run stopped (signal or budget) before this object had an outcome.
        case abandoned(objectID: Int, refusal: RequestPacer.Refusal, tally: FetchTally)
    }

    let client: any HTTPClient
    let pacer: RequestPacer
    let api: String
    let maxAttempts: Int
    let backoff: Backoff
    let seed: UInt64

    func fetch(objectID: Int) async -> Completion {
        var tally = FetchTally()
        var generator = SeededGenerator(seed: seed ^ UInt64(truncatingIfNeeded: objectID))
        var failures = 0
        let url = "\(api)/objects/\(objectID)"
        while true {
            if let refusal = await pacer.acquire() {
                return .abandoned(objectID: objectID, refusal: refusal, tally: tally)
            }
            tally.requests += 1
            let verdict: ResponseClassifier.Verdict
            do {
                verdict = ResponseClassifier.verdict(for: try await client.get(url))
            } catch let error as HTTPError {
                verdict = ResponseClassifier.verdict(for: error)
            } catch {
                verdict = .retry(reason: "\(error)", status: nil, retryAfter: nil)
            }
            switch verdict {
            case .outcome(let outcome, let status):
                return .finished(result(objectID, outcome, status, tally), tally: tally)
            case .block(let reason):
                tally.blockedAnswers += 1
                await pacer.reportBlock()
                // A real block lifts after a cooldown; an object that answers
                // a block page every time must not hold a slot forever.
                guard tally.blockedAnswers < maxAttempts * 2 else {
                    let reason = "\(reason) (blocked \(tally.blockedAnswers) times)"
                    return .finished(result(objectID, .failed(reason: reason), nil, tally), tally: tally)
                }
            case .retry(let reason, let status, let retryAfter):
                failures += 1
                guard failures < maxAttempts else {
                    let reason = "\(reason) (after \(failures) attempts)"
                    return .finished(result(objectID, .failed(reason: reason), status, tally), tally: tally)
                }
                tally.retries += 1
                let delay = backoff.delay(attempt: failures, retryAfter: retryAfter, using: &generator)
                if let refusal = await pacer.pause(seconds: delay) {
                    return .abandoned(objectID: objectID, refusal: refusal, tally: tally)
                }
            }
        }
    }

    private func result(_ objectID: Int, _ outcome: FetchResult.Outcome, _ status: Int?, _ tally: FetchTally) -> FetchResult {
        FetchResult(objectID: objectID, outcome: outcome, httpStatus: status, fetchedAt: Date(), attempts: tally.requests)
    }
}

/// Requests, retries and blocked answers spent on one object or image.
struct FetchTally: Sendable {
    var requests = 0
    var retries = 0
    var blockedAnswers = 0
}
