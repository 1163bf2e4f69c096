import Synchronization

/// A clock whose time moves only when told to, for tests: sleepers wake
/// when ``advance(to:)`` passes their deadline, in deadline order, and a test
/// can wait until a given number of them are asleep before moving time, so
/// a timeline is exact and no test sleeps or polls.
public final class ManualClock: FetchClock {
    private struct Sleeper {
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: ~Copyable {
        var now: Duration
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
    }

    private let state: Mutex<State>
    /// Tasks waiting until at least a number of sleepers are asleep: its
    /// level is the count of sleepers, set whenever that changes.
    private let watchers = LevelWaiters()

    public init(now: Duration = .zero) {
        state = Mutex(State(now: now))
    }

    public var now: Duration { state.withLock { $0.now } }

    /// Tasks asleep on this clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline of a sleeper, if any sleeps.
    public var nextDeadline: Duration? { state.withLock { $0.sleepers.values.map(\.deadline).min() } }

    public func sleep(until deadline: Duration) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Start { case asleep, cancelled, due }
                let start = state.withLock { state -> Start in
                    if Task.isCancelled { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    watchers.set(state.sleepers.count)
                    return .asleep
                }
                switch start {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due: continuation.resume()
                case .asleep: break
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                defer { watchers.set(state.sleepers.count) }
                return state.sleepers.removeValue(forKey: id)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time to `instant` (never back) and wakes every sleeper whose
    /// deadline it reaches, earliest first.
    public func advance(to instant: Duration) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = max(state.now, instant)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
                .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
            for (key, _) in due { state.sleepers[key] = nil }
            watchers.set(state.sleepers.count)
            return due.map(\.value.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    public func advance(by duration: Duration) {
        advance(to: now + duration)
    }

    /// Returns once at least `count` tasks are asleep on this clock, or when
    /// the calling task is cancelled.
    public func sleepers(atLeast count: Int) async {
        await watchers.wait(until: count)
    }
}
