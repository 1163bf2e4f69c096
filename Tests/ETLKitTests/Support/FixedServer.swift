import Foundation

/// `scripts/mocks/fixed_api.py` on 127.0.0.1: fixed answers per path, and the
/// list of paths requested. Stopped when released.
final class FixedServer {
    struct Route: Encodable {
        var status = 200
        var body = ""
        /// A file whose bytes are the body instead (a picture); read when the server starts.
        var body_file: String?
        var content_type = "application/json; charset=UTF-8"
        /// How long the server waits before it answers.
        var delay_ms = 0
        /// Headers sent besides Content-Type and Content-Length.
        var headers: [String: String]?
    }

    let process = Process()
    let port: Int
    private let folder = TemporaryDirectory()

    var api: String { "http://127.0.0.1:\(port)" }

    /// `routes` by path (query included); `"*"` answers every other path.
    init(routes: [String: Route]) throws {
        let routesPath = folder.path("routes.json")
        try JSONEncoder().encode(routes).write(to: URL(fileURLWithPath: routesPath))
        let portFile = folder.path("port")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", TestPaths.mock("fixed_api.py"), "--routes", routesPath, "--port-file", portFile, "--log", folder.path("log"),
            "--abandoned-log", folder.path("abandoned"), "--agent-log", folder.path("agents"),
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        var found: Int?
        while Date() < deadline, process.isRunning, found == nil {
            found = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { Int($0) }
            if found == nil { usleep(20_000) }
        }
        guard let found else {
            process.terminate()
            throw MockServerError.didNotStart
        }
        port = found
    }

    deinit {
        // SIGKILL: Foundation.Process may start children with SIGTERM blocked.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        withExtendedLifetime(folder) {}
    }

    /// The paths requested so far, in order (the server logs each before answering).
    func requests() throws -> [String] {
        lines(of: "log")
    }

    /// The paths whose client hung up while the server was still delaying
    /// the answer (a transfer the client cancelled), in order.
    func abandoned() -> [String] {
        lines(of: "abandoned")
    }

    /// The User-Agent header of each request so far, in order.
    func userAgents() -> [String] {
        lines(of: "agents")
    }

    private func lines(of name: String) -> [String] {
        let text = (try? String(contentsOfFile: folder.path(name), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }
}
