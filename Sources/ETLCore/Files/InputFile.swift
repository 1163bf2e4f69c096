import FetchEngine
import Foundation
import Store

/// The one way etl opens a file it reads where the user points it (`--ids`, a
/// CSV snapshot) or that it finds in a folder it was given (a `.etl-written`
/// manifest): no open or read can wait longer than a signal allows.
///
/// A named pipe opened for reading blocks in `open(2)` until a writer comes,
/// and etl's signals are taken by a dispatch source (their disposition is
/// "ignore"), so no `EINTR` would ever end that wait. The file is therefore
/// opened with `O_NONBLOCK`, and every read of anything but a regular file
/// (a pipe, a terminal, a device) first waits in `poll(2)` in short slices,
/// checking the stop signal between them: Linux reports a pipe that never
/// had a writer as neither readable nor hung up, so the wait lasts until a
/// writer comes, the data ends, or a signal asks to stop
/// (``StoppedBySignal``, whose exit code names the signal).
package final class InputFile {
    /// The path as given (for messages).
    package let path: String
    /// What the opened file is (following links unless `followsLinks` was false).
    package let kind: LocalPath.Kind
    /// Its size in bytes when it is a regular file.
    package let size: Int
    private let descriptor: Int32
    private let isStream: Bool
    private let stop: StopSignal?

    /// How long one `poll(2)` slice lasts: how late a signal can be noticed.
    static let pollSlice: Int32 = 50

    /// Opens `path` for reading without waiting for a writer. With
    /// `followsLinks` false a symbolic link is refused (`ELOOP`).
    /// - Throws: ``InputFileError`` saying what the system refused.
    package init(path: String, followsLinks: Bool = true, stop: StopSignal?) throws {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followsLinks ? 0 : O_NOFOLLOW)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else {
            let code = errno
            throw InputFileError(path: path, reason: code == ELOOP && !followsLinks ? "it is a symbolic link" : String(cString: strerror(code)), code: code)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw InputFileError(path: path, reason: String(cString: strerror(code)), code: code)
        }
        self.path = path
        self.descriptor = descriptor
        self.stop = stop
        kind = LocalPath.Kind(mode: status.st_mode)
        isStream = (status.st_mode & S_IFMT) != S_IFREG
        size = isStream ? 0 : Int(status.st_size)
    }

    deinit { close(descriptor) }

    /// Reads up to `buffer.count` bytes; 0 at the end of the data.
    /// - Throws: ``StoppedBySignal`` when a stop is requested while it
    ///   waits, ``InputFileError`` when the read fails.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            if isStream { try waitUntilReadable() }
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            let code = errno
            // EAGAIN: a writer is there but has nothing yet; wait again.
            if code == EINTR || code == EAGAIN { continue }
            throw InputFileError(path: path, reason: String(cString: strerror(code)), code: code)
        }
    }

    /// Reads up to `count` bytes into `bytes` at `offset`.
    package func read(into bytes: inout [UInt8], from offset: Int = 0) throws -> Int {
        try bytes[offset...].withUnsafeMutableBytes { try read(into: $0) }
    }

    private func waitUntilReadable() throws {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            try StoppedBySignal.check(stop)
            let ready = poll(&entry, 1, Self.pollSlice)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                let code = errno
                throw InputFileError(path: path, reason: String(cString: strerror(code)), code: code)
            }
        }
    }
}

/// An input file could not be opened or read; callers say which option
/// named it (`cannot read --ids file …`).
package struct InputFileError: Error, Equatable, Sendable {
    package var path: String
    package var reason: String
    /// The `errno` behind it.
    package var code: Int32
}
