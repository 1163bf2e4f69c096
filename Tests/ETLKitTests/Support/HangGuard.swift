import Foundation

/// Waits for an event a test can observe (a mock's counter, a file, a line
/// on stderr) by asking for it until it holds. The time limit is only a
/// guard against a hang: when it runs out the wait returns false and the
/// test fails as a hang, never as "too slow"; it is generous on purpose.
enum HangGuard {
    static let defaultLimit: Duration = .seconds(60)

    /// Whether `condition` came to hold before `limit` ran out.
    static func waitUntil(limit: Duration = defaultLimit, _ condition: () throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + limit
        while true {
            if try condition() { return true }
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
