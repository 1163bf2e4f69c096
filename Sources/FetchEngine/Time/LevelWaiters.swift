import Synchronization

/// Tasks waiting, through continuations rather than polling, until a level
/// reaches their threshold: the stop requests of a ``StopSignal`` (1 to
/// stop, 2 to force), the sleepers of a ``ManualClock``.
///
/// The owner keeps the level in step with its own state by calling
/// ``set(_:)`` while it holds its own lock, so a waiter never sees a level
/// the owner has already left behind. A waiter returns at once when the
/// level is already reached or its task is cancelled.
public final class LevelWaiters: Sendable {
    private struct State: ~Copyable {
        var level = 0
        var nextID = 0
        var waiters: [Int: (threshold: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// Tasks waiting now.
    public var count: Int { state.withLock { $0.waiters.count } }

    /// Sets the level and wakes every waiter whose threshold it reaches.
    public func set(_ level: Int) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.level = level
            let ready = state.waiters.filter { $0.value.threshold <= level }
            for key in ready.keys { state.waiters[key] = nil }
            return ready.map(\.value.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns once the level is at least `threshold`, or when the calling
    /// task is cancelled.
    public func wait(until threshold: Int) async {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let isReady = state.withLock { state -> Bool in
                    if state.level >= threshold || Task.isCancelled { return true }
                    state.waiters[id] = (threshold, continuation)
                    return false
                }
                if isReady { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { $0.waiters.removeValue(forKey: id)?.continuation }
            continuation?.resume()
        }
    }
}
