/// Runs many items through a ``Fetcher``: a sliding window of at most
/// `concurrency` in flight, outputs committed in batches at least every
/// ``flushInterval`` (the heartbeat sees to it even when answers stop
/// coming), and one latch for why the loop stopped taking work. A first
/// stop request lets requests in flight finish; a forced stop or the end of
/// the time budget cancels them.
public struct FetchLoop<Kind: FetchKind>: Sendable {
    public let fetcher: Fetcher<Kind>
    public let concurrency: Int

    /// How often pending outputs are committed: `kill -9` loses at most this.
    public static var flushInterval: Duration { .milliseconds(100) }
    /// The most outputs one commit takes.
    public static var maxBatch: Int { 1_000 }

    public init(fetcher: Fetcher<Kind>, concurrency: Int) {
        self.fetcher = fetcher
        self.concurrency = max(1, concurrency)
    }

    /// Fetches what `next` hands out (an item and its jitter seed) until it
    /// returns nil or the run stops; `onCompletion` sees every completion
    /// and returns what to commit. Returns why the loop stopped early, if it did.
    public func run(
        next: () -> (Kind.Item, jitter: UInt64)?,
        onCompletion: (FetchCompletion<Kind.Item, Kind.Output>) -> Kind.Output?,
        commit: ([Kind.Output]) async throws -> Void,
        onHeartbeat: () async throws -> Void,
        onStop: (RequestPacer.StopReason) -> Void
    ) async throws -> RequestPacer.StopReason? {
        let clock = fetcher.pacer.clock
        var pending: [Kind.Output] = []
        var lastFlush = clock.now
        var latch = StopLatch()
        let fetcher = self.fetcher
        let pacer = fetcher.pacer

        func flush() async throws {
            guard !pending.isEmpty else { return }
            let batch = pending
            pending.removeAll(keepingCapacity: true)
            try await commit(batch)
            lastFlush = clock.now
        }
        func stop(_ reason: RequestPacer.StopReason) {
            if latch.stop(reason) { onStop(reason) }
        }

        try await SlidingWindow<FetchCompletion<Kind.Item, Kind.Output>>(width: concurrency, interval: Self.flushInterval, clock: clock).run(
            next: {
                if pacer.stop.isRequested { stop(.stopped) }
                guard !latch.isStopped, let (item, jitter) = next() else { return nil }
                return { await fetcher.fetch(item, jitter: jitter) }
            },
            onOutput: { completion in
                if case .abandoned(_, let reason, _) = completion { stop(reason) }
                if let output = onCompletion(completion) { pending.append(output) }
                if pending.count >= Self.maxBatch || clock.now - lastFlush >= Self.flushInterval {
                    try await flush()
                }
            },
            onHeartbeat: {
                try await flush()
                try await onHeartbeat()
            },
            cancelWhen: { await pacer.waitUntilTransfersMustEnd() })
        try await flush()
        return latch.reason
    }
}
