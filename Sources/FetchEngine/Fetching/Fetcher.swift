import Foundation

/// Fetches one item to a final outcome: paced, retried with backoff,
/// refusals confirmed or dismissed by a probe. Holds no state of its own
/// beyond its settings; what is shared lives in the ``RequestPacer``.
public struct Fetcher<Kind: FetchKind>: Sendable {
    public let kind: Kind
    public let client: any HTTPClient
    public let pacer: RequestPacer
    public let maxAttempts: Int
    public let backoff: Backoff
    public let seed: UInt64

    public init(kind: Kind, client: any HTTPClient, pacer: RequestPacer, maxAttempts: Int, backoff: Backoff = Backoff(), seed: UInt64 = 0) {
        self.kind = kind
        self.client = client
        self.pacer = pacer
        self.maxAttempts = max(1, maxAttempts)
        self.backoff = backoff
        self.seed = seed
    }

    /// `jitter` seeds this item's backoff, so a run can be replayed.
    public func fetch(_ item: Kind.Item, jitter: UInt64 = 0) async -> FetchCompletion<Kind.Item, Kind.Output> {
        var tally = FetchTally()
        var generator = SeededGenerator(seed: seed ^ jitter)
        var failures = 0
        let url = kind.url(for: item)
        while true {
            if let reason = await pacer.acquire() { return .abandoned(item, reason, tally: tally) }
            tally.requests += 1
            let verdict: Verdict<Kind.Output>
            var hasAnswer = false
            do {
                let response = try await client.get(url)
                hasAnswer = true
                tally.bytes += response.body.count
                verdict = await kind.verdict(for: response, item: item)
            } catch let error as HTTPError {
                verdict = kind.verdict(for: error, item: item)
            } catch {
                // Cancelled: the run is stopping and the transfer was dropped.
                return .abandoned(item, pacer.stop.isRequested ? .stopped : .timeBudget, tally: tally)
            }
            switch verdict {
            case .done(let output):
                if hasAnswer { await pacer.recordNormalAnswer(url: url, isGood: kind.isProbeTarget) }
                return .finished(output, tally: tally)
            case .fatal(let error):
                return .fatal(item, error, tally: tally)
            case .abandoned:
                return .abandoned(item, pacer.stop.isRequested ? .stopped : .timeBudget, tally: tally)
            case .retry(let failure, let retryAfter):
                // A 5xx is an answer; a timeout or a reset says nothing about a block.
                if hasAnswer { await pacer.recordNormalAnswer(url: url, isGood: false) }
                failures += 1
                guard failures < maxAttempts else {
                    if failure.category == .unreachable { return .unreachable(item, failure.after(failures), tally: tally) }
                    return .finished(kind.output(for: item, failure: failure.after(failures), attempts: tally.requests), tally: tally)
                }
                var delay = backoff.delay(attempt: failures, using: &generator)
                if let retryAfter {
                    guard let bounded = await pacer.boundedRetryAfter(retryAfter) else {
                        // The run's long waits are spent: a server asking for days gets no more attempts.
                        let final = failure.after(failures).asking(retryAfter)
                        if failure.category == .unreachable { return .unreachable(item, final, tally: tally) }
                        return .finished(kind.output(for: item, failure: final, attempts: tally.requests), tally: tally)
                    }
                    delay = bounded
                }
                tally.retries += 1
                if let reason = await pacer.pause(seconds: delay) { return .abandoned(item, reason, tally: tally) }
            case .refused(let failure, let isFinalIfNoise):
                tally.refusals += 1
                if await isBlock(refusedURL: url, failure: failure, tally: &tally) {
                    // A block lifts after its cooldown; an item refused every
                    // time must still not hold a slot for ever.
                    if tally.refusals >= maxAttempts * 2 {
                        var blocked = failure.after(tally.refusals, "refusals")
                        blocked.category = .refused
                        return .finished(kind.output(for: item, failure: blocked, attempts: tally.requests), tally: tally)
                    }
                } else {
                    failures += 1
                    if isFinalIfNoise || failures >= maxAttempts {
                        let final = isFinalIfNoise ? failure : failure.after(failures)
                        return .finished(kind.output(for: item, failure: final, attempts: tally.requests), tally: tally)
                    }
                    tally.retries += 1
                }
            }
        }
    }

    /// Reports a refusal; when it opens a suspicion, probes after the
    /// confirm delay. True when a block is (or was already) confirmed or
    /// open, false when the probe showed noise.
    private func isBlock(refusedURL: String, failure: FetchFailure, tally: inout FetchTally) async -> Bool {
        let isStrong = RefusalSignal.isStrong(status: failure.status)
        let id: Int
        let probeURL: String?
        switch await pacer.recordRefusal(reason: failure.reason, isStrong: isStrong) {
        case .noise: return false
        case .wait: return true
        case .probe(let suspicion, let url): (id, probeURL) = (suspicion, url)
        }
        guard await pacer.waitToProbe(id: id) else { return true }
        tally.requests += 1
        let isRefused: Bool
        var isAnswered = false
        do {
            let response = try await client.get(probeURL ?? refusedURL)
            tally.bytes += response.body.count
            isRefused = kind.isRefusal(response)
            isAnswered = true
        } catch is HTTPError {
            // No answer says nothing about a block: a front end that blocks answers.
            isRefused = false
        } catch {
            await pacer.abandonProbe(id: id)
            return true
        }
        await pacer.recordProbe(id: id, isRefused: isRefused, isAnswered: isAnswered)
        return isRefused
    }
}
