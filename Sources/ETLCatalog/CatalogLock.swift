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
    package init(catalogPath: String, purpose: Purpose = .writer) throws {
        // Every way out that throws does so before `descriptor` is set: a
        // class whose stored properties are all set runs its deinit when
        // its init throws, and that second close(2) of a number another
        // thread may have opened since (a catalog's SQLite file, a pipe)
        // closed it under its owner (disk I/O errors, a death by SIGPIPE).
        let path = LocalPath(catalogPath).resolved.string + purpose.suffix
        try? FileManager.default.createDirectory(atPath: LocalPath(path).parent.string, withIntermediateDirectories: true)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CatalogError.lockFailed(catalogPath: catalogPath, lockPath: path, code: errno)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.readHolder(descriptor)
            close(descriptor)
            throw CrawlError.catalogBusy(path: catalogPath, holder: holder, command: purpose.command)
        }
        self.path = path
        self.descriptor = descriptor
        let text = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func readHolder(_ descriptor: Int32) -> Int? {
        var buffer = [CChar](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, 31, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
