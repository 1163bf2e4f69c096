/// The bounded fan-out every loop shares: at most `width` tasks in flight,
/// the next started as each ends, and a heartbeat every `interval` while
/// any runs, so batched commits and progress never wait for a slow answer.
/// Outputs are handled one at a time, in the caller's task, which is what
/// makes the caller the catalog's only writer.
struct SlidingWindow<Output: Sendable> {
    let width: Int
    let interval: Duration
    /// What the heartbeat sleeps on.
    let clock: any FetchClock

    private enum Event: Sendable {
        case output(Output)
        case heartbeat
        case cancelInFlight
    }

    /// Starts what `next` hands out (nil: nothing to start now), calls
    /// `onOutput` with each result and `onHeartbeat` on each beat. When
    /// `cancelWhen` returns, the tasks in flight are cancelled (they still
    /// hand back an output) and nothing new starts.
    func run(
        next: () -> (@Sendable () async -> Output)?,
        onOutput: (Output) async throws -> Void,
        onHeartbeat: () async throws -> Void,
        cancelWhen: @escaping @Sendable () async -> Void
    ) async throws {
        let interval = self.interval
        let clock = self.clock
        try await withThrowingTaskGroup(of: Event.self) { group in
            var inFlight = 0
            var isCancelled = false
            func fill() {
                while !isCancelled, inFlight < max(1, width), let task = next() {
                    inFlight += 1
                    group.addTask { .output(await task()) }
                }
            }
            func scheduleBeat() {
                group.addTask { try? await clock.sleep(until: clock.now + interval); return .heartbeat }
            }
            group.addTask {
                await cancelWhen()
                return .cancelInFlight
            }
            fill()
            if inFlight > 0 { scheduleBeat() }
            while inFlight > 0, let event = try await group.next() {
                switch event {
                case .output(let output):
                    inFlight -= 1
                    try await onOutput(output)
                    fill()
                case .heartbeat:
                    try await onHeartbeat()
                    if inFlight > 0 && !isCancelled { scheduleBeat() }
                case .cancelInFlight:
                    isCancelled = true
                    group.cancelAll()
                }
            }
            // The watcher, and a heartbeat, may still be waiting.
            group.cancelAll()
        }
    }
}
