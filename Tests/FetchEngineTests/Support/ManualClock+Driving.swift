import FetchEngine

extension ManualClock {
    private enum Step<T: Sendable>: Sendable {
        case done(T)
        case driverEnded
    }

    /// Runs `operation`, moving time to the earliest deadline each time
    /// `asleep` tasks sleep on this clock, until the operation returns. With
    /// one task at work (`asleep` 1), time moves only while it sleeps, so
    /// every instant it sees is exact.
    func driving<T: Sendable>(asleep: Int = 1, _ operation: @escaping @Sendable () async -> T) async -> T {
        await withTaskGroup(of: Step<T>.self) { group in
            group.addTask { .done(await operation()) }
            group.addTask {
                while !Task.isCancelled {
                    await self.sleepers(atLeast: asleep)
                    if !Task.isCancelled, let next = self.nextDeadline { self.advance(to: next) }
                }
                return .driverEnded
            }
            var result: T?
            for await step in group {
                if case .done(let value) = step {
                    result = value
                    group.cancelAll()
                }
            }
            guard let result else { preconditionFailure("the operation always ends the group") }
            return result
        }
    }
}

/// Instants of a timeline, written in seconds.
func timeline(_ seconds: [Double]) -> [Duration] { seconds.map { .seconds($0) } }
