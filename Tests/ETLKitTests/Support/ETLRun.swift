import Foundation

/// Runs the real `etl` executable, as a user or cron would.
struct ETLRun {
    var exitCode: Int32
    var standardOutput: String
    var standardError: String
    /// Seconds from the first signal sent to the process's exit; nil when none was sent.
    var secondsFromSignalToExit: Double? = nil

    /// Runs `etl arguments`; `signal` (with `after` seconds, once stderr
    /// contains `whenErrorContains`, and once `when` holds) is sent to test
    /// interrupts, and `secondSignalAfter` seconds later the same signal again.
    static func run(
        _ arguments: [String], signal: Int32? = nil, after delay: Double = 0,
        whenErrorContains marker: String? = nil, when condition: (() -> Bool)? = nil,
        secondSignalAfter: Double? = nil, timeout: Double = 120, currentDirectory: String? = nil,
        environment: [String: String] = [:]
    ) throws -> ETLRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.etlExecutable)
        process.arguments = arguments
        // The test's own credentials never leak into a run that did not ask for them.
        var inherited = ProcessInfo.processInfo.environment
        for name in ["FLICKR_API_KEY", "TMDB_API_KEY", "TMDB_READ_TOKEN"] { inherited[name] = nil }
        process.environment = inherited.merging(environment) { $1 }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("etl-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = folder.appendingPathComponent("out").path
        let errPath = folder.appendingPathComponent("err").path
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let start = Date()
        var signalled = false
        var signalledAt = Date.distantFuture
        var secondSent = false
        while process.isRunning {
            let elapsed = Date().timeIntervalSince(start)
            if elapsed > timeout {
                kill(process.processIdentifier, SIGKILL)
                break
            }
            if let signal, !signalled, elapsed >= delay {
                let ready = marker.map { (try? String(contentsOfFile: errPath, encoding: .utf8))?.contains($0) ?? false } ?? true
                if ready, condition?() ?? true {
                    kill(process.processIdentifier, signal)
                    signalled = true
                    signalledAt = Date()
                }
            }
            if let signal, let second = secondSignalAfter, signalled, !secondSent,
               Date().timeIntervalSince(signalledAt) >= second {
                kill(process.processIdentifier, signal)
                secondSent = true
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        let code = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ETLRun(
            exitCode: code,
            standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            secondsFromSignalToExit: signalled ? Date().timeIntervalSince(signalledAt) : nil)
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
