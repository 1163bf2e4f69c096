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
        /// Tasks waiting until at least `count` sleepers are asleep.
        var watchers: [Int: (count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]

        /// Takes the watchers whose count is reached.
        mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let ready = watchers.filter { $0.value.count <= sleepers.count }
            for key in ready.keys { watchers[key] = nil }
            return ready.map(\.value.continuation)
        }
    }

    private let state: Mutex<State>

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
                enum Start { case asleep([CheckedContinuation<Void, Never>]), cancelled, due }
                let start = state.withLock { state -> Start in
                    if Task.isCancelled { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return .asleep(state.satisfiedWatchers())
                }
                switch start {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due: continuation.resume()
                case .asleep(let watchers): for watcher in watchers { watcher.resume() }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
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
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let isReady = state.withLock { state -> Bool in
                    if state.sleepers.count >= count || Task.isCancelled { return true }
                    state.watchers[id] = (count, continuation)
                    return false
                }
                if isReady { continuation.resume() }
            }
        } onCancel: {
            let watcher = state.withLock { $0.watchers.removeValue(forKey: id) }
            watcher?.continuation.resume()
        }
    }
}
