import Foundation

/// Unbuffered writes to the standard streams.
enum Console {
    static func writeOutput(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    static func writeError(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        guard !text.isEmpty else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            bytes = bytes.dropFirst(count)
        }
    }
}
