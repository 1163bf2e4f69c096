import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One of the mock APIs (`scripts/mocks/mock_api.py`, `scripts/mocks/mock_flickr.py`,
/// `scripts/mocks/mock_tmdb.py`) on 127.0.0.1, an ephemeral port, stopped when
/// released. The API base is the server root; the test hooks are
/// `/__stats`, `/__expected`, `/__config` and `/__reset`.
final class SourceMockServer {
    let process = Process()
    let port: Int
    private let folder = TemporaryDirectory()

    var api: String { "http://127.0.0.1:\(port)" }

    /// The mock Flickr REST API; `options` as `mock_flickr.py` takes them, e.g. `["--photos", "500"]`.
    static func flickr(_ options: [String] = []) throws -> SourceMockServer {
        try SourceMockServer(script: "mock_flickr.py", options: options)
    }

    /// The mock TMDB API; `options` as `mock_tmdb.py` takes them, e.g. `["--shift-every", "5"]`.
    static func tmdb(_ options: [String] = []) throws -> SourceMockServer {
        try SourceMockServer(script: "mock_tmdb.py", options: options)
    }

    /// Starts `scripts/mocks/<script>` and waits for the port it publishes.
    init(script: String, options: [String] = []) throws {
        let portFile = folder.path("port")
        let errorLog = folder.path("stderr")
        _ = FileManager.default.createFile(atPath: errorLog, contents: nil)  // else stderr is inherited
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestPaths.mock(script), "--port", "0", "--port-file", portFile] + options
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: errorLog)
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        var found: Int?
        while Date() < deadline, process.isRunning, found == nil {
            found = (try? String(contentsOfFile: portFile, encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if found == nil { usleep(20_000) }
        }
        guard let found else {
            process.terminate()
            process.waitUntilExit()
            let said = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
            throw SourceMockServerError.didNotStart(script: script, stderr: said)
        }
        port = found
    }

    deinit {
        stop()
    }

    /// SIGTERM, then SIGKILL after 5 s; the mock exits 0 on SIGTERM.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// `GET /__stats`: the counters since start or the last `resetStats()`.
    func stats() async throws -> MockJSON {
        try await hook("__stats")
    }

    /// `GET /__stats` read synchronously: the event a signal test waits for
    /// instead of a fixed sleep.
    func statsSoFar() -> MockJSON? {
        guard let data = try? Data(contentsOf: URL(string: "\(api)/__stats")!) else { return nil }
        return try? MockJSON.decode(data)
    }

    /// `GET /__expected`: what a correct client keeps from the current data.
    /// `query` narrows it where the mock allows, e.g. `"min_upload_date=…"` for Flickr.
    func expected(query: String = "") async throws -> MockJSON {
        try await hook(query.isEmpty ? "__expected" : "__expected?\(query)")
    }

    /// `POST /__config` with `settings`, e.g. `["day": 2]` or `["unavailable": 0.2]`.
    func configure(_ settings: [String: any Sendable]) async throws {
        let status = try await post("__config", body: try JSONSerialization.data(withJSONObject: settings))
        guard status == 200 else { throw SourceMockServerError.configRefused(settings: "\(settings)") }
    }

    /// `POST /__reset`: zero the counters.
    func resetStats() async throws {
        _ = try await post("__reset", body: Data("{}".utf8))
    }

    private func hook(_ path: String) async throws -> MockJSON {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "\(api)/\(path)")!)
        return try MockJSON.decode(data)
    }

    private func post(_ path: String, body: Data) async throws -> Int {
        var request = URLRequest(url: URL(string: "\(api)/\(path)")!)
        request.httpMethod = "POST"
        request.httpBody = body
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}

enum SourceMockServerError: Error {
    case didNotStart(script: String, stderr: String)
    case configRefused(settings: String)
}
