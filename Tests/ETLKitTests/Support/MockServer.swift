import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The mock Met API (`scripts/mocks/mock_api.py`) on 127.0.0.1, an ephemeral port,
/// stopped when released; started and stopped like the other mocks.
final class MockServer {
    private let server: SourceMockServer

    var port: Int { server.port }
    var api: String { server.api }

    /// Starts the mock serving `data` with extra command-line `options`.
    init(data: String, options: [String] = []) throws {
        server = try SourceMockServer(script: "mock_api.py", options: ["--data", data] + options)
    }

    func stop() {
        server.stop()
    }

    /// `GET /__stats`.
    /// Object requests the mock has seen, read synchronously: the event a
    /// signal test waits for instead of a fixed sleep.
    func objectRequestsSoFar() -> Int {
        statsSoFar()?.object_requests ?? 0
    }

    /// Requests the mock has seen (its own `/__` paths aside), read synchronously; nil when it does not answer.
    func requestsSoFar() -> Int? {
        statsSoFar()?.requests
    }

    /// Image requests the mock has seen, read synchronously.
    func imageRequestsSoFar() -> Int {
        statsSoFar()?.image_requests ?? 0
    }

    /// Slow answers whose client hung up first, read synchronously.
    func abandonedSoFar() -> Int {
        statsSoFar()?.abandoned ?? 0
    }

    private func statsSoFar() -> MockStats? {
        guard let data = try? Data(contentsOf: URL(string: "\(api)/__stats")!) else { return nil }
        return try? JSONDecoder().decode(MockStats.self, from: data)
    }

    func stats() async throws -> MockStats {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "\(api)/__stats")!)
        return try JSONDecoder().decode(MockStats.self, from: data)
    }

    /// The IDs the mock's `/objects` lists for `query` (e.g. `metadataDate=2000-01-01`):
    /// the API's own answer, asked by the test rather than copied into it.
    func listing(query: String) async throws -> [Int] {
        struct Listing: Decodable { var objectIDs: [Int] }
        let (data, _) = try await URLSession.shared.data(from: URL(string: "\(api)/objects?\(query)")!)
        return try JSONDecoder().decode(Listing.self, from: data).objectIDs
    }

    /// `POST /__config` with `settings`, e.g. `["data": "/tmp/v2.jsonl"]`.
    func configure(_ settings: [String: any Sendable]) async throws {
        var request = URLRequest(url: URL(string: "\(api)/__config")!)
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: settings)
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw MockServerError.configRefused }
    }

    /// `POST /__reset`: zero the counters.
    func resetStats() async throws {
        var request = URLRequest(url: URL(string: "\(api)/__reset")!)
        request.httpMethod = "POST"
        request.httpBody = Data()
        _ = try await URLSession.shared.data(for: request)
    }
}

enum MockServerError: Error {
    case didNotStart
    case configRefused
}

/// The mock's `/__stats` answer.
struct MockStats: Decodable {
    var requests: Int
    var by_status: [String: Int]
    var object_requests: Int
    var listing_requests: Int
    var per_object: [String: Int]
    var peak_rps: Int
    var blocks: Int
    var blocked_requests: Int
    var faults: [String: Int]
    /// Faults drawn by a path's first request (probes re-ask a path).
    var first_faults: [String: Int]
    /// Slow answers whose client hung up before they were sent (cancelled transfers).
    var abandoned: Int
    var image_requests: Int
}
