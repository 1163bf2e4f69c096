import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The mock Met API (`scripts/mock_api.py`) on 127.0.0.1, an ephemeral port,
/// stopped when released.
final class MockServer {
    let process = Process()
    let port: Int
    private let folder: URL

    var api: String { "http://127.0.0.1:\(port)" }

    /// Starts the mock serving `data` with extra command-line `options`.
    init(data: String, options: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("etl-mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let portFile = folder.appendingPathComponent("port").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestPaths.script("mock_api.py"), "--data", data, "--port-file", portFile] + options
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        var found: Int?
        while Date() < deadline, process.isRunning {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8),
               let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                found = value
                break
            }
            usleep(20_000)
        }
        guard let found else {
            process.terminate()
            throw MockServerError.didNotStart
        }
        port = found
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// `GET /__stats`.
    /// Object requests the mock has seen, read synchronously: the event a
    /// signal test waits for instead of a fixed sleep.
    func objectRequestsSoFar() -> Int {
        statsSoFar()?.object_requests ?? 0
    }

    /// Image requests the mock has seen, read synchronously.
    func imageRequestsSoFar() -> Int {
        statsSoFar()?.image_requests ?? 0
    }

    private func statsSoFar() -> MockStats? {
        guard let data = try? Data(contentsOf: URL(string: "\(api)/__stats")!) else { return nil }
        return try? JSONDecoder().decode(MockStats.self, from: data)
    }

    func stats() async throws -> MockStats {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "\(api)/__stats")!)
        return try JSONDecoder().decode(MockStats.self, from: data)
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
    var image_requests: Int
}
