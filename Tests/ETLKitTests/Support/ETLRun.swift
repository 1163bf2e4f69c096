import Foundation

/// Runs the real `etl` executable, as a user or cron would.
struct ETLRun {
    var exitCode: Int32
    var standardOutput: String
    var standardError: String
    /// The child's process ID (what it writes into a lock file it takes).
    var processID: Int32 = 0

    /// When to send a second signal: never before the process has taken
    /// the first (a signal still pending would swallow the second), and
    /// then once an event says the first was handled.
    enum SecondSignal {
        /// Once the kernel no longer holds the first signal for the process.
        case onceTaken
        /// Once stderr contains this text, the run's own word that it is stopping.
        case whenErrorContains(String)
    }

    /// Where the child's standard output goes.
    enum Output {
        /// A file the run reads back into ``standardOutput``.
        case captured
        /// A file or device opened for writing (`/dev/full`); nothing is captured.
        case path(String)
        /// A pipe whose reader has gone (`etl … | head -c0` once head exits).
        case closedPipe
    }

    /// Runs `etl arguments`; `signal` is sent to test interrupts once stderr
    /// contains `whenErrorContains` and `when` holds (both events, never a
    /// delay), and `secondSignal` says when the same signal goes again.
    /// `timeout` is a hang guard: the child is killed (exit 137) if it runs longer.
    static func run(
        _ arguments: [String], signal: Int32? = nil,
        whenErrorContains marker: String? = nil, when condition: (() -> Bool)? = nil,
        secondSignal: SecondSignal? = nil, timeout: Double = 120, currentDirectory: String? = nil,
        environment: [String: String] = [:], output: Output = .captured
    ) throws -> ETLRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.etlExecutable)
        process.arguments = arguments
        process.environment = childEnvironment(environment)
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("etl-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = folder.appendingPathComponent("out").path
        let errPath = folder.appendingPathComponent("err").path
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        switch output {
        case .captured:
            process.standardOutput = FileHandle(forWritingAtPath: outPath)
        case .path(let path):
            guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteNoPermission) }
            process.standardOutput = handle
        case .closedPipe:
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            process.standardOutput = pipe.fileHandleForWriting
        }
        process.standardError = FileHandle(forWritingAtPath: errPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let start = Date()
        var signalled = false
        var secondSent = false
        func errorSoFar() -> String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }
        while process.isRunning {
            if Date().timeIntervalSince(start) > timeout {
                kill(process.processIdentifier, SIGKILL)
                break
            }
            // Before the first is sent, so a pass always lies between the two.
            if let signal, let secondSignal, signalled, !secondSent,
               !isPending(signal, in: process.processIdentifier) {
                let ready = switch secondSignal {
                case .onceTaken: true
                case .whenErrorContains(let text): errorSoFar().contains(text)
                }
                if ready {
                    kill(process.processIdentifier, signal)
                    secondSent = true
                }
            }
            if let signal, !signalled {
                let ready = marker.map { errorSoFar().contains($0) } ?? true
                if ready, condition?() ?? true {
                    kill(process.processIdentifier, signal)
                    signalled = true
                }
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        let code = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ETLRun(
            exitCode: code,
            standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            processID: process.processIdentifier)
    }

    /// The test's environment with `extra`, but the test's own credentials:
    /// they never leak into a run that did not ask for them.
    static func childEnvironment(_ extra: [String: String]) -> [String: String] {
        var inherited = ProcessInfo.processInfo.environment
        for name in ["FLICKR_API_KEY", "TMDB_API_KEY", "TMDB_READ_TOKEN"] { inherited[name] = nil }
        return inherited.merging(extra) { $1 }
    }

    /// Whether `signal` waits in the kernel for process `pid` (its `ShdPnd`
    /// or `SigPnd` mask in `/proc/<pid>/status`); false once it has been taken.
    static func isPending(_ signal: Int32, in pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        return status.split(separator: "\n").contains { line in
            guard line.hasPrefix("ShdPnd:") || line.hasPrefix("SigPnd:"),
                  let mask = UInt64(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces), radix: 16)
            else { return false }
            return mask & (1 << UInt64(signal - 1)) != 0
        }
    }
}

extension ETLRun {
    /// Runs `command` with `/bin/sh -c` (for `unshare` and mounts around etl).
    static func runShell(_ command: String) throws -> ETLRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ETLRun(
            exitCode: process.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self))
    }
}

extension ETLRun {
    /// `run` on a thread of its own: waiting for a child blocks its thread,
    /// and on a 2-core machine the test runner's shared pool has two, so a
    /// run waited for there can starve the very test that waits beside it.
    static func runOffPool(_ arguments: [String], timeout: TimeInterval = 120) async throws -> ETLRun {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try ETLRun.run(arguments, timeout: timeout) })
            }
        }
    }
}
