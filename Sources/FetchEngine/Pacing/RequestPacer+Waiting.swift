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
        if let remaining = remainingTime, remaining <= .seconds(seconds) {
            _ = await stop.sleep(until: .now + max(remaining, .zero))
            return stop.isRequested ? .stopped : .timeBudget
        }
        guard await stop.sleep(until: .now + .seconds(seconds)) else { return stop.isRequested ? .stopped : .timeBudget }
        return nil
    }

    /// Returns when transfers in flight must be cancelled: a forced stop
    /// (a second signal) or the time budget's end. Cancel the waiting task
    /// to drop the wait. On the first stop it also wakes the requests
    /// queued behind an open suspicion, so they end at once too.
    public func waitUntilTransfersMustEnd() async {
        let deadline = remainingTime.map { ContinuousClock.now + $0 }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await self.stop.wait(level: 1)
                await self.releaseQueuedRequests()
                await self.stop.wait(level: 2)
            }
            if let deadline {
                group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
            }
            _ = await group.next()
            group.cancelAll()
        }
    }

    /// A progress snapshot of a loop that started at `start`.
    public func progress(done: Int, total: Int, retries: Int, failures: Int, since start: ContinuousClock.Instant) -> CrawlProgress {
        let seconds = (ContinuousClock.now - start).inSeconds
        return CrawlProgress(
            done: done, total: total, allowedRate: currentRate,
            achievedRate: seconds > 0 ? Double(requests) / seconds : 0,
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
