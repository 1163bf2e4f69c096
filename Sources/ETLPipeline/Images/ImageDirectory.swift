import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// The image folder: pictures are written atomically (a temporary file in
/// the same folder, fsync, rename), so a reader or a killed run never sees
/// half a picture under its final name.
///
/// Names: `<objectID>.<ext>` for pictures, `.<objectID>.<ext>.tmp-<pid>`
/// while writing. Only temporary names of that shape, and pictures the
/// folder's ``WrittenFiles`` manifest says etl wrote, are ever deleted.
package struct ImageDirectory: Sendable {
    package let path: String
    /// The names etl writes in this folder (pictures by default; the
    /// gallery's pages in its folder): its manifest vouches for no others.
    package let accepts: @Sendable (String) -> Bool

    package init(path: String, accepts: @escaping @Sendable (String) -> Bool = ImageDirectory.isPictureName) {
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        self.accepts = accepts
    }

    /// Refuses a folder ``create(option:)`` could not make or write into,
    /// creating nothing: checked before the catalog's open may upgrade it,
    /// so bad input changes no catalog.
    package func checkWritable(option: String = "--dir") throws {
        let folder = LocalPath(path)
        guard let problem = folder.problemCreatingFolder() else { return }
        if let kind = folder.kind, kind != .directory { throw ImageError.notADirectory(path: path, option: option) }
        throw ImageError.cannotCreate(path: path, option: option, reason: problem)
    }

    /// Creates the folder (and its parents) if needed; `option` is what the
    /// user gave it as, for the error when it is not a folder.
    package func create(option: String = "--dir") throws {
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else { throw ImageError.notADirectory(path: path, option: option) }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw OutputError.image(path: path, reason: "cannot create the folder")
        }
    }

    package func filePath(_ name: String) -> String { "\(path)/\(name)" }

    /// The folder's manifest: it vouches only for the names etl writes here.
    package var manifest: WrittenFiles { WrittenFiles(folder: path, accepts: accepts) }

    /// The size of file `name`, or nil when it is missing or not a regular file.
    package func size(of name: String) -> Int? {
        var status = stat()
        guard stat(filePath(name), &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// Writes `bytes` as `name`: temporary file, fsync, rename. The rename
    /// is made durable by ``sync()``, which the loop calls before it
    /// commits the rows describing the files.
    package func write(_ bytes: [UInt8], as name: String) throws {
        let final = filePath(name)
        // lstat: a link there (even one to nothing) is the user's too.
        var status = stat()
        if lstat(final, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG || !manifest.names().contains(name) {
            throw ImageError.occupied(path: final)
        }
        do {
            try manifest.add(name)
        } catch let error as WrittenFilesError {
            throw OutputError.image(path: error.path, reason: error.reason)
        }
        // The name ``removeLeftovers(keeping:)`` sweeps; one left by a
        // killed run whose pid this process now has is etl's to replace.
        let temporary = filePath(".\(name).tmp-\(getpid())")
        unlink(temporary)
        do {
            try AtomicFile.write(bytes, to: final, syncFolder: false, staging: temporary)
        } catch let error as FileOutputError {
            throw OutputError.image(path: error.path, reason: error.reason)
        }
    }

    /// Makes renames in the folder durable.
    package func sync() {
        AtomicFile.syncFolder(path)
    }

    /// Deletes `name` if it is there and etl wrote it.
    package func remove(_ name: String) {
        remove([name])
    }

    /// Deletes those of `names` that are there and etl wrote, reading the
    /// manifest once (it lists every picture of the folder).
    package func remove(_ names: [String]) {
        guard !names.isEmpty else { return }
        let written = manifest.names()
        for name in names where written.contains(name) { unlink(filePath(name)) }
    }

    /// What ``removeLeftovers(keeping:)`` deleted.
    package struct Sweep: Sendable, Equatable {
        /// Temporary files of a run that was killed mid-write.
        package var temporary = 0
        /// Pictures no `images` row vouches for (a run killed between the
        /// rename and the commit, or a row since marked failed).
        package var orphans = 0
    }

    /// Deletes temporary files, and pictures etl wrote (by the manifest)
    /// that are not in `keeping` (the files of the catalog's good rows).
    /// Other files, a user's `20240101.jpg` included, are never touched.
    /// The manifest is then rewritten to the pictures etl still has there.
    @discardableResult
    package func removeLeftovers(keeping: Set<String>) throws -> Sweep {
        var sweep = Sweep()
        let written = manifest.names()
        var remaining: Set<String> = []
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for entry in entries {
            if Self.isTemporaryName(entry) {
                if unlink(filePath(entry)) == 0 { sweep.temporary += 1 }
            } else if Self.isPictureName(entry) {
                if keeping.contains(entry) {
                    // Rows vouch for it: etl wrote it (perhaps before manifests existed).
                    remaining.insert(entry)
                } else if written.contains(entry) {
                    if unlink(filePath(entry)) == 0 { sweep.orphans += 1 } else { remaining.insert(entry) }
                }
            }
        }
        do {
            try manifest.replace(with: remaining)
        } catch let error as WrittenFilesError {
            throw OutputError.image(path: error.path, reason: error.reason)
        }
        return sweep
    }

    /// `.<digits>.<ext>.tmp-<digits>`.
    package static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let range = name.range(of: ".tmp-") else { return false }
        let picture = String(name[name.index(after: name.startIndex)..<range.lowerBound])
        let pid = name[range.upperBound...]
        return isPictureName(picture) && !pid.isEmpty && pid.allSatisfy(\.isASCIIDigit)
    }

    /// `<digits>.<jpg|png|webp|gif>`.
    @Sendable package static func isPictureName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit) else { return false }
        return ImageKind.allCases.contains { $0.fileExtension == parts[1] }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
