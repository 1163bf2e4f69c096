import FetchEngine
import Foundation
import Store

/// The one way etl puts a file in place: staged under a fresh `O_EXCL` name
/// in the target's folder (so no file beside it is truncated, and a rename
/// never crosses file systems), written whole, fsynced, renamed over the
/// target, and the folder fsynced. A reader or a killed run sees the old file
/// or the new one, never half of one. Failures are ``FileOutputError``s,
/// except those `body` throws itself.
package enum AtomicFile {
    /// Writes `bytes` as `path`.
    package static func write(_ bytes: [UInt8], to path: String, syncFolder: Bool = true, staging: String? = nil) throws {
        try write(to: path, syncFolder: syncFolder, staging: staging) { try $0.write(bytes) }
    }

    /// Writes what `body` gives the sink as `path`; a throw from `body`
    /// leaves the target as it was and removes the staged file. `staging`
    /// names the staged file when a folder's sweep must recognise it (the
    /// image folder's `.<name>.tmp-<pid>`); it must not exist.
    package static func write(to path: String, syncFolder: Bool = true, staging: String? = nil, _ body: (FileSink) throws -> Void) throws {
        let target = LocalPath(path)
        let staging = staging ?? target.parent.appending(".\(target.name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").string
        let descriptor = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw FileOutputError(path: path, reason: "cannot create '\(staging)': \(String(cString: strerror(code)))", code: code)
        }
        do {
            try body(FileSink(descriptor: descriptor, path: path))
            guard fsync(descriptor) == 0 else { throw FileOutputError.posix(path) }
        } catch {
            close(descriptor)
            unlink(staging)
            throw error
        }
        close(descriptor)
        guard rename(staging, path) == 0 else {
            let error = FileOutputError.posix(path)
            unlink(staging)
            throw error
        }
        if syncFolder { Self.syncFolder(target.parent.string) }
    }

    /// Makes renames in `folder` durable.
    package static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Writes into an existing stream (a FIFO, a terminal, `/dev/null`)
    /// without creating, truncating or replacing it. A FIFO must already
    /// have its reader: waiting for one (as a shell's `>` does) would be a
    /// wait no signal ends.
    package static func stream(into path: String, _ body: (FileSink) throws -> Void) throws {
        // O_APPEND: a file reached through /dev/stdout keeps what `>>` kept.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENXIO { throw FileOutputError(path: path, reason: "a named pipe with no reader; start its reader first") }
            throw FileOutputError.posix(path)
        }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        try body(FileSink(descriptor: descriptor, path: path))
    }
}
