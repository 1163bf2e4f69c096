import Synchronization

/// A request to stop, set from a signal handler or a test.
///
/// The first request asks the run to take no new work and to end every wait
/// at once; requests in flight may finish. A second request (a second
/// Ctrl-C, or the SIGTERM that `timeout` sends after its own) also cancels
/// the transfers in flight, so the run can still commit, record itself as
/// interrupted and print its summary promptly. Waiters are woken through
/// continuations, not by polling.
public final class StopSignal: Sendable {
    private struct State: ~Copyable {
        var signal: Int32 = 0
        var requests = 0
    }

    private let state = Mutex(State())
    /// Waiters for the first request (level 1) and for the second (level 2).
    private let waiters = LevelWaiters()

    public init() {}

    /// Asks the run to stop; the first signal number is kept as the reason.
    public func request(signal: Int32) {
        state.withLock { state in
            if state.signal == 0 { state.signal = signal }
            state.requests += 1
            waiters.set(state.requests)
        }
    }

    public var isRequested: Bool { state.withLock { $0.requests > 0 } }

    /// Tasks waiting for a request now (tests wait for a sleeper to be asleep).
    var waiterCount: Int { waiters.count }

    /// Whether a second request came: transfers in flight are to be cancelled too.
    public var isForced: Bool { state.withLock { $0.requests > 1 } }

    /// The signal that asked for the stop (SIGINT, SIGTERM), or nil.
    public var requestedSignal: Int32? {
        let value = state.withLock { $0.signal }
        return value == 0 ? nil : value
    }

    /// Returns once the stop is requested (`level` 1) or forced (2), or when
    /// the calling task is cancelled.
    public func wait(level: Int = 1) async {
        await waiters.wait(until: level)
    }

    /// Sleeps on `clock` until `deadline`; returns false at once if the stop
    /// is or becomes requested (or the task is cancelled) before then.
    public func sleep(until deadline: Duration, on clock: any FetchClock) async -> Bool {
        if isRequested || Task.isCancelled { return false }
        if deadline <= clock.now { return true }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                do {
                    try await clock.sleep(until: deadline)
                    return true
                } catch {
                    return false
                }
            }
            group.addTask {
                await self.wait()
                return false
            }
            let slept = await group.next() ?? false
            group.cancelAll()
            return slept && !isRequested
        }
    }
}
