extension RequestPacer.Refusal: CustomStringConvertible {
    /// What the operator is told when a run stops for this reason.
    public var description: String {
        switch self {
        case .stopped: return "interrupted; finishing requests in flight"
        case .requestBudget: return "--max-requests reached"
        case .timeBudget: return "--max-duration reached"
        }
    }

    /// How a run that stopped for this reason ended.
    public var runStatus: CrawlSummary.Status {
        switch self {
        case .stopped: return .interrupted
        case .requestBudget, .timeBudget: return .budgetReached
        }
    }
}

extension RequestPacer {
    /// Sleeps for a backoff delay in short steps, giving up early when the
    /// run must stop or its time budget runs out.
    func pause(seconds: Double) async -> Refusal? {
        let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while ContinuousClock.now < end {
            if stop.isRequested { return .stopped }
            if let remaining = remainingTime, remaining <= .zero { return .timeBudget }
            try? await Task.sleep(until: min(end, .now + .milliseconds(200)), clock: .continuous)
        }
        return nil
    }

    /// A progress snapshot of a loop that started at `start`.
    func progress(done: Int, total: Int, retries: Int, failures: Int, since start: ContinuousClock.Instant) -> CrawlProgress {
        let seconds = (ContinuousClock.now - start).inSeconds
        return CrawlProgress(
            done: done, total: total, allowedRate: currentRate,
            achievedRate: seconds > 0 ? Double(requests) / seconds : 0,
            blocks: blocks, retries: retries, failures: failures,
            isCoolingDown: isCoolingDown, elapsedSeconds: seconds)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
