import Foundation

extension AtomicFile {
    /// Many files put in place together (a set of pages and bundles): each
    /// staged under a fresh `O_EXCL` name beside its target and written
    /// whole; ``commit(beforeRenaming:)`` makes them all durable at once
    /// (one `sync(2)`: an fsync per file made a 10,000-page set take
    /// minutes), then renames each over its target and syncs the folders.
    /// Until then ``discard()`` removes what was staged; a killed run
    /// leaves only staged names, which the folder's owner sweeps.
    package struct Batch {
        private var staged: [(temporary: String, final: String)] = []
        private let suffix = ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

        package init() {}

        /// Stages `bytes` for `path`.
        package mutating func stage(_ bytes: [UInt8], as path: String) throws {
            let target = LocalPath(path)
            let temporary = target.parent.appending(".\(target.name)\(suffix)").string
            try create(bytes, at: temporary)
            staged.append((temporary, path))
        }

        /// Flushes every staged file, runs `beforeRenaming` (a manifest that
        /// must name the files before they are there), renames each into
        /// place and syncs the folders. On a throw, what is still staged is
        /// removed; files already renamed stay (each whole).
        package func commit(beforeRenaming: () throws -> Void = {}) throws {
            do {
                // Swift's Glibc does not export the narrower syncfs.
                sync()
                try beforeRenaming()
                for file in staged where rename(file.temporary, file.final) != 0 {
                    throw FileOutputError.posix(file.final)
                }
            } catch {
                discard()
                throw error
            }
            for folder in Set(staged.map { LocalPath($0.final).parent.string }) { AtomicFile.syncFolder(folder) }
        }

        /// Removes every staged file not yet renamed.
        package func discard() {
            for file in staged { unlink(file.temporary) }
        }
    }

    /// Creates `path`, which must not exist (`O_EXCL`, no link followed),
    /// and writes `bytes` whole; not synced (the caller flushes a set at
    /// once). A write that fails (a full disk) removes what it made.
    package static func create(_ bytes: [UInt8], at path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw FileOutputError.posix(path) }
        defer { close(descriptor) }
        do {
            try FileSink(descriptor: descriptor, path: path).write(bytes)
        } catch {
            unlink(path)
            throw error
        }
    }
}
