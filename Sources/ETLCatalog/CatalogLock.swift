import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import Store

/// One crawl per catalog: an exclusive `flock(2)` on `<catalog>.lock`
/// (and one `etl images`: `<catalog>.images.lock`, see ``Purpose``).
///
/// The kernel drops the lock when the process dies, even by `kill -9`, so a
/// lock file left behind never blocks the next run. The lock file sits beside
/// the catalog's resolved path, so every spelling of one catalog (a symbolic
/// link, `./`, `..`) shares one lock.
package final class CatalogLock {
    private let descriptor: Int32
    package let path: String

    /// Takes the lock or throws ``CrawlError/catalogBusy(path:holder:command:)`` at once.
    ///
    /// The lock file is written (truncated, then the PID), so it must be a
    /// file etl can own: a symbolic link is never followed (whoever can
    /// write the catalog's folder could otherwise point it at any file the
    /// user running etl can write, a root cron job's included), and a named
    /// pipe, a device or a folder at its path is refused before it is
    /// opened, with ``CatalogError/unsafeLock(catalogPath:lockPath:kind:)``.
    package init(catalogPath: String, purpose: Purpose = .crawl) throws {
        // Every way out that throws does so before `descriptor` is set: a
        // class whose stored properties are all set runs its deinit when
        // its init throws, and that second close(2) of a number another
        // thread may have opened since (a catalog's SQLite file, a pipe)
        // closed it under its owner (disk I/O errors, a death by SIGPIPE).
        let path = LocalPath(catalogPath).resolved.string + purpose.suffix
        try? FileManager.default.createDirectory(atPath: LocalPath(path).parent.string, withIntermediateDirectories: true)
        if let kind = Self.unsafeKind(path) {
            throw CatalogError.unsafeLock(catalogPath: catalogPath, lockPath: path, kind: kind)
        }
        // O_NOFOLLOW and the check after the open close the window between
        // the lstat above and the open (a link or a pipe put there meanwhile);
        // O_NONBLOCK keeps such a pipe from holding the open.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw CatalogError.unsafeLock(catalogPath: catalogPath, lockPath: path, kind: "a symbolic link") }
            throw CatalogError.lockFailed(catalogPath: catalogPath, lockPath: path, code: code)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw CatalogError.unsafeLock(catalogPath: catalogPath, lockPath: path, kind: LocalPath.Kind(mode: status.st_mode).description)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.readHolder(descriptor)
            close(descriptor)
            throw CrawlError.catalogBusy(path: catalogPath, holder: holder?.pid, command: holder?.command ?? purpose.command)
        }
        self.path = path
        self.descriptor = descriptor
        let text = "\(getpid()) \(purpose.command)\n"
        _ = ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// What is at `path` when it is anything but a regular file or nothing.
    private static func unsafeKind(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "a symbolic link"
        default: return LocalPath.Kind(mode: status.st_mode).description
        }
    }

    /// The holder's PID and command, as ``init(catalogPath:purpose:)``
    /// writes them ("1234 pages"); a lock written by an earlier etl holds
    /// the PID alone, and a command etl does not know is not repeated.
    private static func readHolder(_ descriptor: Int32) -> (pid: Int, command: String?)? {
        var buffer = [CChar](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, 31, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let words = text.split(whereSeparator: \.isWhitespace)
        guard let first = words.first, let pid = Int(first) else { return nil }
        let command = words.dropFirst().first.flatMap { Purpose(rawValue: String($0)) }?.command
        return (pid, command)
    }
}
