import Foundation

/// `python3 -c <script> <arguments…>` started as the test's child: a writer
/// that feeds a named pipe forever, a process holding a lock. Its stderr is
/// dropped and its stdin is a pipe nobody writes to, so a script may block
/// on reading it until the test kills or terminates it.
enum PythonProcess {
    static func start(_ script: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        process.standardError = FileHandle.nullDevice
        process.standardInput = Pipe()
        try process.run()
        return process
    }
}
