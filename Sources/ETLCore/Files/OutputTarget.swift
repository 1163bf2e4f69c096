import FetchEngine
import Foundation
import Store

/// The one rule for a file etl writes where the user points it (`export
/// --out`, `report --out`, `metadata.json`): what may be created, replaced
/// or written into, decided before anything is opened.
///
/// - The catalog and its `-wal`, `-shm`, `-journal` and `.lock` files are
///   never a destination, by any spelling (a link, `./`, `..`) or a hard link.
/// - A FIFO, terminal or other character device is written into as a
///   stream, never replaced (`--out /dev/stdout` works; `/dev/null` stays a
///   device); so is a file reached through `/dev/` (`/dev/stdout` of
///   `etl export --out /dev/stdout > works.jsonl`). A socket, block device or
///   folder is refused.
/// - A symbolic link is followed: its target is what is written, and the
///   link stays a link. A link to nothing is refused.
/// - An existing SQLite database is never replaced.
/// - Any other existing file is replaced only when `mayReplace` says so (a
///   report etl wrote; an export with `--replace`).
package enum OutputTarget: Equatable, Sendable {
    /// Nothing is there: create `path` (atomically).
    case create(path: String)
    /// An ordinary file that may be replaced: replace `path` (atomically).
    case replace(path: String)
    /// A FIFO or character device: write into it.
    case stream(path: String)

    /// The path to write, links resolved.
    package var path: String {
        switch self {
        case .create(let path), .replace(let path), .stream(let path): return path
        }
    }

    /// Decides what writing `path` means, or throws a ``FileOutputError``
    /// saying why it must not be written. `mayReplace` is asked about an
    /// existing ordinary file that is not a database; `refusal` is the
    /// reason given when it says no.
    package static func plan(
        for path: String, catalogPath: String?, refusal: String, mayReplace: (String) -> Bool
    ) throws -> OutputTarget {
        var linkStatus = stat()
        let isLink = lstat(path, &linkStatus) == 0 && (linkStatus.st_mode & S_IFMT) == S_IFLNK
        let resolved = LocalPath(path).resolved.string
        var status = stat()
        guard stat(path, &status) == 0 else {
            if isLink { throw FileOutputError(path: path, reason: "it is a symbolic link to nothing") }
            try checkNotCatalogName(resolved, catalogPath: catalogPath, shown: path)
            let folder = LocalPath(resolved).parent
            guard folder.kind == .directory else {
                throw FileOutputError(path: path, reason: "its folder '\(LocalPath(path).parent)' does not exist")
            }
            return .create(path: resolved)
        }
        if let catalogPath, isCatalogFile(status, catalogPath: catalogPath) {
            throw FileOutputError(path: path, reason: "it is the catalog or one of its files")
        }
        try checkNotCatalogName(resolved, catalogPath: catalogPath, shown: path)
        switch status.st_mode & S_IFMT {
        case S_IFIFO, S_IFCHR:
            return .stream(path: path)
        case S_IFREG where path.hasPrefix("/dev/") || path.hasPrefix("/proc/self/fd/"):
            // `/dev/stdout` redirected to a file: the shell opened it, so it is
            // written into (appended), as `> file` or `>> file` asked.
            if isDatabase(path) { throw FileOutputError(path: path, reason: "it is an SQLite database; etl never replaces one") }
            return .stream(path: path)
        case S_IFREG:
            if isDatabase(path) { throw FileOutputError(path: path, reason: "it is an SQLite database; etl never replaces one") }
            guard mayReplace(resolved) else { throw FileOutputError(path: path, reason: refusal) }
            return .replace(path: resolved)
        default:
            throw FileOutputError(path: path, reason: "it is \(LocalPath.Kind(mode: status.st_mode))")
        }
    }

    /// Why a folder etl fills and tidies (pages, pictures, a gallery) must
    /// not be `path`, or nil when it may: the root folder, the home folder,
    /// or the folder holding the catalog file would mix etl's files (and its
    /// manifest, and what it deletes) with everything else there. Folders
    /// are compared by device and inode, so any spelling (`/.`, `~/`, a
    /// link) counts; a folder that does not exist yet is none of them.
    package static func folderProblem(_ path: String, catalogPath: String) -> String? {
        func identity(_ path: String) -> (dev_t, ino_t)? {
            var status = stat()
            return stat(path, &status) == 0 ? (status.st_dev, status.st_ino) : nil
        }
        guard let folder = identity(path) else { return nil }
        func isFolder(_ other: String?) -> Bool { other.flatMap(identity).map { $0 == folder } ?? false }
        if isFolder("/") { return "it is the root folder" }
        let home = ProcessInfo.processInfo.environment["HOME"]
        let account = getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } }
        if isFolder(home) || isFolder(account) { return "it is the home folder" }
        if isFolder(LocalPath(LocalPath(catalogPath).resolved.string).parent.string) {
            return "it holds the catalog '\(catalogPath)'"
        }
        return nil
    }

    /// Whether a line saying what was written to `path` belongs on stderr:
    /// `path` is or may be standard output itself (`/dev/stdout`, any
    /// `/dev/` or `/proc/` path, a pipe, a terminal or another device, or
    /// the very file standard output is), where a line would land in the data.
    package static func mayBeStandardOutput(_ path: String) -> Bool {
        if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") { return true }
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        if (status.st_mode & S_IFMT) != S_IFREG { return true }
        var output = stat()
        return fstat(STDOUT_FILENO, &output) == 0 && output.st_dev == status.st_dev && output.st_ino == status.st_ino
    }

    /// Writes through the plan: atomically for a file, straight into a stream.
    package func write(_ body: (FileSink) throws -> Void) throws {
        switch self {
        case .create(let path), .replace(let path): try AtomicFile.write(to: path, body)
        case .stream(let path): try AtomicFile.stream(into: path, body)
        }
    }

    /// The catalog's own files, by name, for destinations that do not exist
    /// yet (a `-wal` absent while the catalog is closed).
    private static func checkNotCatalogName(_ resolved: String, catalogPath: String?, shown: String) throws {
        guard let catalogPath else { return }
        let catalog = LocalPath(catalogPath).resolved.string
        if ([""] + catalogSuffixes).contains(where: { catalog + $0 == resolved }) {
            throw FileOutputError(path: shown, reason: "it is the catalog or one of its files")
        }
    }

    private static let catalogSuffixes = ["-wal", "-shm", "-journal", ".lock", ".images.lock"]

    /// Whether `status` is the catalog's file or one of its side files
    /// (same device and inode, so hard links count too).
    private static func isCatalogFile(_ status: stat, catalogPath: String) -> Bool {
        ([""] + catalogSuffixes).contains { suffix in
            var other = stat()
            return stat(catalogPath + suffix, &other) == 0 && other.st_dev == status.st_dev && other.st_ino == status.st_ino
        }
    }

    /// Whether the file begins with SQLite's header.
    package static func isDatabase(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 16) }
        return count == 16 && header == Array("SQLite format 3\0".utf8)
    }
}
