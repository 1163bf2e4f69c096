/// The bounded fan-out the crawl and image loops share: at most `width`
/// tasks in flight, the next started as each ends, and a heartbeat every
/// `interval` while any runs, so batched commits and progress never wait
/// for a slow answer. Outputs are handled one at a time, in the caller's
/// task, which is what makes the caller the catalog's only writer.
struct SlidingWindow<Output: Sendable> {
    let width: Int
    let interval: Duration

    private enum Event: Sendable {
        case output(Output)
        case heartbeat
    }

    /// Starts what `next` hands out (nil: nothing to start now) and calls
    /// `onOutput` with each result and `onHeartbeat` on each beat.
    func run(
        next: () -> (@Sendable () async -> Output)?,
        onOutput: (Output) async throws -> Void,
        onHeartbeat: () async throws -> Void
    ) async throws {
        let interval = self.interval
        try await withThrowingTaskGroup(of: Event.self) { group in
            var inFlight = 0
            func fill() {
                while inFlight < max(1, width), let task = next() {
                    inFlight += 1
                    group.addTask { .output(await task()) }
                }
            }
            func scheduleBeat() {
                group.addTask { try? await Task.sleep(for: interval); return .heartbeat }
            }
            fill()
            if inFlight > 0 { scheduleBeat() }
            while let event = try await group.next() {
                switch event {
                case .output(let output):
                    inFlight -= 1
                    try await onOutput(output)
                    fill()
                case .heartbeat:
                    try await onHeartbeat()
                    if inFlight > 0 { scheduleBeat() }
                }
            }
        }
    }
}

/// Reports each new block once, from a loop's heartbeat.
struct BlockNotice {
    private var reported = 0

    mutating func reportNewBlocks(pacer: RequestPacer, reporter: any CrawlReporter, reason: String) async {
        let blocks = await pacer.blocks
        guard blocks > reported else { return }
        reported = blocks
        reporter.crawl(didReport: .blocked(
            reason: reason, cooldownSeconds: await pacer.cooldownSeconds, newRate: await pacer.currentRate))
    }
}

/// Why a loop stopped taking work: the first reason wins and is reported once.
struct StopLatch {
    private(set) var reason: RequestPacer.Refusal?

    var isStopped: Bool { reason != nil }

    /// How the loop's run ended.
    var runStatus: CrawlSummary.Status { reason?.runStatus ?? .completed }

    mutating func stop(_ refusal: RequestPacer.Refusal, reporter: any CrawlReporter) {
        guard reason == nil else { return }
        reason = refusal
        reporter.crawl(didReport: .stopping(reason: refusal.description))
    }
}
