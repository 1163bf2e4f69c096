import ETLCatalog
import ETLCore
import Foundation

/// What a crawl creates when its catalog does not exist yet (the catalog,
/// its `-wal`, `-shm` and `-journal` files, its lock file and the folders
/// above them), so that a first crawl that never got an answer from the API
/// leaves nothing behind: the next command then says "no catalog at …"
/// instead of reading an empty catalog.
///
/// Only what did not exist when the crawl began is removed, and the catalog
/// only while it is still the file this crawl created (same device and
/// inode): a catalog that existed before is never touched.
final class NewCatalogFiles {
    private let catalogPath: String
    private let lockPath: String
    /// The side files and the lock file that did not exist at the start.
    private let newFiles: [String]
    /// Folders created for the catalog or its lock, deepest first.
    private let newFolders: [String]
    /// The catalog's device and inode once created.
    private var identity: (dev_t, ino_t)?

    /// Nil when the catalog exists already: then nothing is ever removed.
    init?(catalogPath: String) {
        guard LocalPath(catalogPath).kind == nil else { return nil }
        self.catalogPath = catalogPath
        lockPath = LocalPath(catalogPath).resolved.string + CatalogLock.Purpose.crawl.suffix
        newFiles = (["-wal", "-shm", "-journal"].map { catalogPath + $0 } + [lockPath]).filter { !Self.exists($0) }
        var folders: [String] = []
        for start in [LocalPath(catalogPath).parent, LocalPath(lockPath).parent] {
            var folder = start
            // Bounded by the number of components: each step drops one.
            for _ in 0...folder.string.utf8.count {
                guard !Self.exists(folder.string), !folders.contains(folder.string) else { break }
                folders.append(folder.string)
                let parent = folder.parent
                if parent == folder { break }
                folder = parent
            }
        }
        newFolders = folders.sorted { $0.utf8.count > $1.utf8.count }
    }

    /// Notes the catalog this crawl just created.
    func noteCreated() {
        var status = stat()
        if lstat(catalogPath, &status) == 0 { identity = (status.st_dev, status.st_ino) }
    }

    /// Removes what this crawl created; called under the lock, once the
    /// catalog is closed. Folders go only when empty.
    func remove() {
        var status = stat()
        if let identity, lstat(catalogPath, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
           status.st_dev == identity.0, status.st_ino == identity.1 {
            unlink(catalogPath)
        }
        for path in newFiles where Self.isRegular(path) { unlink(path) }
        for folder in newFolders { rmdir(folder) }
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    private static func isRegular(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
