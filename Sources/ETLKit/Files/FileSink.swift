import Foundation

/// An open file descriptor that writes every byte it is given, retrying
/// interrupted and short writes; failures are ``FileOutputError``s.
public struct FileSink {
    let descriptor: Int32
    let path: String

    public func write(_ bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw FileOutputError.posix(path) }
            written += count
        }
    }
}
