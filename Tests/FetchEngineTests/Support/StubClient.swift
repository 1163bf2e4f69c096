import FetchEngine
import Synchronization

/// An `HTTPClient` with no network: answers by a rule from the URL, the
/// instant (on the test clock) and how often that URL was asked; records
/// every request with its instant; and can hold a request until the test
/// releases it (a held request ends with `CancellationError` when its task
/// is cancelled, as ``CurlClient`` drops a transfer).
final class StubClient: HTTPClient {
    enum Reply: Sendable {
        case answer(HTTPResponse)
        case fail(HTTPError)
        case hold
    }

    struct Request: Sendable, Equatable {
        var url: String
        var at: Duration
    }

    private struct Held {
        var id: Int
        var url: String
        var continuation: CheckedContinuation<HTTPResponse, any Error>
    }

    private struct State: ~Copyable {
        var requests: [Request] = []
        var held: [Held] = []
        var mostHeld = 0
        var nextID = 0
    }

    private let state = Mutex(State())
    /// Tasks waiting for a number of held requests: the level is how many are held.
    private let watchers = LevelWaiters()
    private let clock: any FetchClock
    private let reply: @Sendable (_ url: String, _ at: Duration, _ asked: Int) -> Reply

    /// `reply` is told the URL, the instant and how many times the URL was
    /// asked, this time included.
    init(clock: any FetchClock, reply: @escaping @Sendable (_ url: String, _ at: Duration, _ asked: Int) -> Reply) {
        self.clock = clock
        self.reply = reply
    }

    var requests: [Request] { state.withLock { $0.requests } }
    /// The most requests held at once.
    var mostHeld: Int { state.withLock { $0.mostHeld } }
    var heldURLs: [String] { state.withLock { $0.held.map(\.url) } }

    func get(_ url: String) async throws -> HTTPResponse {
        let now = clock.now
        let asked = state.withLock { state -> Int in
            state.requests.append(Request(url: url, at: now))
            return state.requests.count { $0.url == url }
        }
        switch reply(url, now, asked) {
        case .answer(let response): return response
        case .fail(let error): throw error
        case .hold: return try await hold(url)
        }
    }

    /// Answers the earliest held request for `url` with `response`.
    func release(_ url: String, with response: HTTPResponse = .data) {
        let held = state.withLock { state -> Held? in
            guard let index = state.held.firstIndex(where: { $0.url == url }) else { return nil }
            defer { watchers.set(state.held.count) }
            return state.held.remove(at: index)
        }
        held?.continuation.resume(returning: response)
    }

    /// Returns once at least `count` requests are held.
    func held(atLeast count: Int) async {
        await watchers.wait(until: count)
    }

    private func hold(_ url: String) async throws -> HTTPResponse {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let isHeld = state.withLock { state -> Bool in
                    if Task.isCancelled { return false }
                    state.held.append(Held(id: id, url: url, continuation: continuation))
                    state.mostHeld = max(state.mostHeld, state.held.count)
                    watchers.set(state.held.count)
                    return true
                }
                if !isHeld { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let held = state.withLock { state -> Held? in
                guard let index = state.held.firstIndex(where: { $0.id == id }) else { return nil }
                defer { watchers.set(state.held.count) }
                return state.held.remove(at: index)
            }
            held?.continuation.resume(throwing: CancellationError())
        }
    }
}

extension HTTPResponse {
    /// A JSON answer, as an API gives.
    static let data = HTTPResponse(status: 200, contentType: "application/json", body: Array(#"{"ok":true}"#.utf8))
    /// A block page with status 200, as Imperva sometimes sends.
    static let page = HTTPResponse(status: 200, contentType: "text/html", body: Array("<html>blocked</html>".utf8))

    static func status(_ status: Int, retryAfter: Double? = nil) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain", retryAfter: retryAfter, body: Array("status \(status)".utf8))
    }
}
