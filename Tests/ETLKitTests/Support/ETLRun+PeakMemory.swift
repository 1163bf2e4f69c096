import Foundation

extension ETLRun {
    /// A run of the real `etl` and the most memory it ever held resident.
    struct Measured {
        var run: ETLRun
        /// etl's peak resident set in bytes: the kernel's `ru_maxrss` for
        /// that process alone, handed over by `wait4` when it is reaped, so
        /// no moment of the run is missed (a reading of `/proc/<pid>/status`
        /// can only be taken while it still runs).
        var peakResidentBytes: Int
    }

    /// Runs `etl arguments` to its end, as ``run(_:signal:whenErrorContains:when:secondSignal:timeout:currentDirectory:environment:)``
    /// does without signals, and reaps it itself: Foundation's `Process`
    /// reaps its children and drops their resource usage. `timeout` is a
    /// hang guard: the child is killed (exit 137) if it runs longer.
    static func runMeasuringMemory(_ arguments: [String], timeout: Double = 120, environment: [String: String] = [:]) throws -> Measured {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("etl-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = folder.appendingPathComponent("out").path
        let errPath = folder.appendingPathComponent("err").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let envp = childEnvironment(environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        // A spawned child starts with its parent's high-water mark (Linux
        // keeps ru_maxrss across exec, and the test process is large), so
        // a small Python process spawns etl and reports etl's own peak.
        let peakPath = folder.appendingPathComponent("peak").path
        let launcher = """
            import os, sys
            os.setpgid(0, 0)
            pid = os.fork()
            if pid == 0:
                os.execve(sys.argv[2], sys.argv[2:], os.environ)
            _, status, usage = os.wait4(pid, 0)
            open(sys.argv[1], "w").write(str(usage.ru_maxrss))
            sys.exit(128 + os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status))
            """
        let python = "/usr/bin/python3"
        let launch = ([python, "-c", launcher, peakPath, TestPaths.etlExecutable] + arguments).map { strdup($0) } + [nil]
        defer { launch.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, python, &actions, nil, launch, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }

        let start = Date()
        var status: Int32 = 0
        var usage = rusage()
        var killed = false
        while true {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            if reaped < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD)
            }
            if !killed, Date().timeIntervalSince(start) > timeout {
                kill(-pid, SIGKILL)
                killed = true
            }
            usleep(5_000)
        }
        // The wait status: the low 7 bits are the signal that ended it, if any.
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        let run = ETLRun(
            exitCode: code,
            standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            processID: pid)
        // Linux counts ru_maxrss in kilobytes.
        let peak = (try? String(contentsOfFile: peakPath, encoding: .utf8)).flatMap { Int($0) }
        return Measured(run: run, peakResidentBytes: (peak ?? Int.max / 1024) * 1024)
    }
}
