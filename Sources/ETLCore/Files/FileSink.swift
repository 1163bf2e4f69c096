import FetchEngine
import Foundation
import Store

/// An open file descriptor that writes every byte it is given, retrying
/// interrupted and short writes; failures are ``FileOutputError``s.
package struct FileSink {
    package let descriptor: Int32
    package let path: String

    package init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    package func write(_ bytes: [UInt8]) throws(FileOutputError) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw FileOutputError.posix(path) }
            written += count
        }
    }
}

extension FileSink {
    /// Standard output, written as any file etl writes (short and
    /// interrupted writes retried, failures thrown with their `errno`).
    package static var standardOutput: FileSink { FileSink(descriptor: STDOUT_FILENO, path: "standard output") }

    /// Standard error: what etl says about a run.
    package static var standardError: FileSink { FileSink(descriptor: STDERR_FILENO, path: "standard error") }
}
