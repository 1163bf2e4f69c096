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

    package func write(_ bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw FileOutputError.posix(path) }
            written += count
        }
    }
}
