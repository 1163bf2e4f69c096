extension RequestPacer.StopReason: CustomStringConvertible {
    /// What the operator is told when a run stops for this reason.
    public var description: String {
        switch self {
        case .stopped: return "interrupted; finishing requests in flight"
        case .requestBudget: return "--max-requests reached"
        case .timeBudget: return "--max-duration reached"
        }
    }
}

extension RequestPacer {
    /// Sleeps for a backoff delay; returns why not when the run must stop
    /// first or the delay would outlast the time budget.
    public func pause(seconds: Double) async -> StopReason? {
        let now = clock.now
        if let remaining = remainingTime, remaining <= .seconds(seconds) {
            _ = await stop.sleep(until: now + max(remaining, .zero), on: clock)
            return stop.isRequested ? .stopped : .timeBudget
        }
        guard await stop.sleep(until: now + .seconds(seconds), on: clock) else { return stop.isRequested ? .stopped : .timeBudget }
        return nil
    }

    /// Returns when transfers in flight must be cancelled: a forced stop
    /// (a second signal) or the time budget's end. Cancel the waiting task
    /// to drop the wait. On the first stop it also wakes the requests
    /// queued behind an open suspicion, so they end at once too.
    public func waitUntilTransfersMustEnd() async {
        let deadline = self.deadline
        let clock = self.clock
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await self.stop.wait(level: 1)
                await self.releaseQueuedRequests()
                await self.stop.wait(level: 2)
            }
            if let deadline {
                group.addTask { try? await clock.sleep(until: deadline) }
            }
            _ = await group.next()
            group.cancelAll()
        }
    }

    /// A progress snapshot of a loop that started at `start` on ``clock``.
    public func progress(done: Int, total: Int, retries: Int, failures: Int, since start: Duration) -> CrawlProgress {
        progress(done: done, total: total, retries: retries, failures: failures, seconds: (clock.now - start).inSeconds)
    }

    private func progress(done: Int, total: Int, retries: Int, failures: Int, seconds: Double) -> CrawlProgress {
        return CrawlProgress(
            done: done, total: total, allowedRate: currentRate,
            achievedRate: measuredRate,
            blocks: blocks, refusals: refusals, retries: retries, failures: failures,
            isCoolingDown: isCoolingDown, elapsedSeconds: seconds)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
