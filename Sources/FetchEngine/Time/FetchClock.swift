/// The time the engine paces, sleeps and budgets by. Instants are durations
/// since the clock's own origin, so the protocol needs no associated type and
/// an actor can hold `any FetchClock`. Production runs on
/// ``ContinuousFetchClock``; tests hand in a ``ManualClock`` and move time
/// themselves, so hours of pacing run in milliseconds.
public protocol FetchClock: Sendable {
    /// Time since the clock's origin.
    var now: Duration { get }
    /// Returns at `deadline` (at once when it has passed); throws
    /// `CancellationError` when the calling task is cancelled first.
    func sleep(until deadline: Duration) async throws
}

/// The continuous clock (it keeps counting while the machine sleeps, so a
/// cooldown is not stretched by a suspended laptop). Every instance shares
/// one origin, so instants from two of them compare.
public struct ContinuousFetchClock: FetchClock {
    private static let origin = ContinuousClock.now

    public init() {}

    public var now: Duration { ContinuousClock.now - Self.origin }

    public func sleep(until deadline: Duration) async throws {
        try await Task.sleep(until: Self.origin + deadline, clock: .continuous)
    }
}
