import Testing
@testable import FetchEngine

/// The one waiter list (``StopSignal``'s and ``ManualClock``'s): a wait
/// ends when the level reaches it, or when its task is cancelled, and
/// leaves no continuation behind either way.
@Suite("Level waiters")
struct LevelWaitersTests {
    @Test func aWaitEndsWhenTheLevelReachesItAndOnlyThen() async {
        let waiters = LevelWaiters()
        let order = await withTaskGroup(of: Int.self) { group in
            group.addTask { await waiters.wait(until: 2); return 2 }
            group.addTask { await waiters.wait(until: 1); return 1 }
            // Level 1 wakes only the first; the second still waits until 2.
            waiters.set(1)
            let first = await group.next()
            waiters.set(2)
            let second = await group.next()
            return [first, second].compactMap { $0 }
        }
        #expect(order == [1, 2])
        #expect(waiters.count == 0)
        await waiters.wait(until: 2)
    }

    @Test func aCancelledWaitEndsAndIsForgotten() async {
        let waiters = LevelWaiters()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await waiters.wait(until: 5) }
            group.cancelAll()
        }
        #expect(waiters.count == 0)
    }
}
