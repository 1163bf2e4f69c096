import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// Writes page files so that readers never see a mix of old and new pages.
///
/// When `--out` is new (or was made by us), it is a symbolic link to an
/// immutable generation folder beside it; a new set is written into a fresh
/// generation and the link is swapped with one `rename(2)`. A reader that
/// resolves the link once (e.g. `cd data/pages`) sees one whole set. The
/// previous generation is kept until the next swap so such a reader can
/// finish. When `--out` is an existing plain folder, all files are staged and
/// synced first, then renamed into place, so a failure leaves the old set.
package struct PageWriter: Sendable {
    package let outDirectory: String

    package init(outDirectory: String) {
        self.outDirectory = outDirectory
    }

    /// Throws when `--out` cannot hold page files (a regular file, a
    /// read-only folder, a symbolic link etl did not make), so a crawl
    /// fails before it fetches, not after.
    package func checkWritable() throws {
        let out = LocalPath(outDirectory)
        var status = stat()
        if lstat(out.string, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK, !Self.isOwnLink(out.string) {
            throw OutputError.pages(path: out.string, reason: Self.foreignLink)
        }
        guard let problem = out.problemCreatingFolder() else { return }
        if case .some(let kind) = out.kind, kind != .directory { throw PagesError.notADirectory(path: out.string) }
        throw OutputError.pages(path: out.string, reason: problem)
    }

    /// What a write did.
    package struct Written: Sendable, Equatable {
        /// The folder holding the set.
        package var folder: String
        /// Lines of a plain folder's manifest that are not page names, now
        /// dropped from it (escaped, for a warning).
        package var ignoredManifestLines: [String] = []
        /// Why a plain folder's manifest itself was ignored (a symbolic
        /// link, a FIFO), for a warning; it is replaced by etl's own.
        package var ignoredManifest: String?
    }

    /// Writes `pages` as `1.txt` … `N.txt`, and `bundles` (when given, one
    /// per page) as `1.json` … `N.json` in the same set.
    @discardableResult
    /// A stop requested while the files are written ends the write before
    /// any is put in place (``StoppedBySignal``): the set stays as it was.
    package func write(pages: [[Int]], bundles: [[UInt8]]? = nil, stop: StopSignal? = nil) throws -> Written {
        let files = Self.files(pages: pages, bundles: bundles)
        let out = LocalPath(outDirectory).string
        var status = stat()
        if lstat(out, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            let manifest = try writeInPlace(files: files, pageCount: pages.count, folder: out, stop: stop)
            return Written(folder: out, ignoredManifestLines: manifest.ignored, ignoredManifest: manifest.ignoredManifest)
        }
        if lstat(out, &status) == 0, (status.st_mode & S_IFMT) != S_IFLNK {
            throw PagesError.notADirectory(path: out)
        }
        if lstat(out, &status) == 0, !Self.isOwnLink(out) {
            // The user's link: etl swaps only the links it made.
            throw OutputError.pages(path: out, reason: Self.foreignLink)
        }
        return Written(folder: try writeGeneration(files: files, link: out, stop: stop))
    }

    /// Why a link at `--out` that etl did not make is refused.
    static let foreignLink = "a symbolic link etl did not make is there; point --out at a folder and run again"

    /// `N.txt` or `N.json`, N from 1 without leading zeros: the only names
    /// a page folder's manifest may vouch for.
    package static func isPageName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1] == "txt" || parts[1] == "json", let number = Int(parts[0]),
              String(number) == parts[0], (1...PageLayout.maximumPageCount).contains(number) else { return false }
        return true
    }

    /// `(name, bytes)` of every file of the set, pages first.
    package static func files(pages: [[Int]], bundles: [[UInt8]]?) -> [(name: String, bytes: [UInt8])] {
        var files = pages.enumerated().map { ("\($0.offset + 1).txt", lines(of: $0.element)) }
        for (index, bundle) in (bundles ?? []).enumerated() {
            files.append(("\(index + 1).json", bundle))
        }
        return files
    }

    private func writeGeneration(files: [(name: String, bytes: [UInt8])], link: String, stop: StopSignal?) throws -> String {
        let parent = LocalPath(link).parent.string
        let name = LocalPath(link).name
        try createFolder(parent)
        let previous = (try? FileManager.default.destinationOfSymbolicLink(atPath: link))
        let generation = ".\(name).\(Self.uniqueSuffix())"
        let folder = parent + "/" + generation
        guard mkdir(folder, 0o755) == 0 else { throw posixError(folder) }
        do {
            // A fresh folder: its files go straight in, and the link's
            // rename below puts the whole set in place at once.
            for file in files {
                try StoppedBySignal.check(stop)
                try AtomicFile.create(file.bytes, at: "\(folder)/\(file.name)")
            }
            sync()
            let temporaryLink = "\(parent)/.\(name).link-\(getpid())"
            unlink(temporaryLink)
            guard symlink(generation, temporaryLink) == 0 else { throw posixError(temporaryLink) }
            guard rename(temporaryLink, link) == 0 else {
                let error = posixError(link)
                unlink(temporaryLink)
                throw error
            }
            AtomicFile.syncFolder(parent)
        } catch let error as FileOutputError {
            try? FileManager.default.removeItem(atPath: folder)
            throw OutputError.pages(error)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        removeOldGenerations(parent: parent, name: name, keeping: [generation, previous].compactMap { $0 })
        return folder
    }

    /// Returns what it read of the manifest (the lines it ignored, or why it ignored the manifest).
    private func writeInPlace(
        files: [(name: String, bytes: [UInt8])], pageCount: Int, folder: String, stop: StopSignal?
    ) throws -> WrittenFiles.Contents {
        // The folder is the user's: only page files etl wrote may be removed.
        let manifest = WrittenFiles(folder: folder, accepts: Self.isPageName)
        let contents = manifest.read()
        let written = contents.names
        // Nothing of the user's is overwritten either. A folder written before
        // manifests existed has etl's page files unlisted, so without a
        // manifest `N.txt` is taken as etl's; bundles are newer than manifests.
        // A manifest ignored as a whole (a link, a pipe) vouches for nothing
        // either: the folder is read as one without a manifest, and the
        // warning about it is said.
        let hasManifest = contents.ignoredManifest == nil && access("\(folder)/\(WrittenFiles.fileName)", F_OK) == 0
        for file in files where !written.contains(file.name) && access("\(folder)/\(file.name)", F_OK) == 0 {
            if !hasManifest && file.name.hasSuffix(".txt") { continue }
            throw OutputError.pages(
                path: "\(folder)/\(file.name)", reason: "a file etl did not write is there; move it away and run again")
        }
        let names = Set(files.map(\.name))
        var batch = AtomicFile.Batch()
        do {
            for file in files {
                try StoppedBySignal.check(stop)
                try batch.stage(file.bytes, as: "\(folder)/\(file.name)")
            }
            // The manifest names the new files before they are there, so a
            // killed run never leaves a file of etl's that it does not vouch for.
            try batch.commit {
                do {
                    try manifest.replace(with: written.union(names))
                } catch let error as WrittenFilesError {
                    throw OutputError.pages(error.asFileOutputError)
                }
            }
        } catch {
            batch.discard()
            guard let error = error as? FileOutputError else { throw error }
            throw OutputError.pages(error)
        }
        // Page and bundle files of the old set that the new one lacks go, if etl wrote them.
        var kept = names
        for name in written.subtracting(names) {
            if unlink("\(folder)/\(name)") != 0, errno != ENOENT { kept.insert(name) }
        }
        try? manifest.replace(with: kept)
        AtomicFile.syncFolder(folder)
        return contents
    }

    /// Generation folders other than the current and the previous one.
    private func removeOldGenerations(parent: String, name: String, keeping: [String]) {
        let prefix = ".\(name)."
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        for entry in entries where entry.hasPrefix(prefix) && !keeping.contains(entry) && Self.isGenerationName(entry.dropFirst(prefix.count)) {
            try? FileManager.default.removeItem(atPath: parent + "/" + entry)
        }
    }

    private func createFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw OutputError.pages(path: path, reason: Self.reason(for: error))
        }
    }

    package static func lines(of ids: [Int]) -> [UInt8] {
        var text = ""
        text.reserveCapacity(ids.count * 8)
        for id in ids {
            text += String(id)
            text += "\n"
        }
        return Array(text.utf8)
    }

    /// `<ms>-<pid>-<random>`, as ``uniqueSuffix()`` makes: a user's
    /// `.pages.backup` beside the link is not a generation and stays.
    /// Whether the symbolic link `path` is one etl made: it points at a
    /// generation folder `.<name>.<generation>` beside it.
    package static func isOwnLink(_ path: String) -> Bool {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return false }
        let prefix = ".\(LocalPath(path).name)."
        let name = LocalPath(target).name
        return !target.contains("/") && name.hasPrefix(prefix) && isGenerationName(name.dropFirst(prefix.count))
    }

    package static func isGenerationName(_ suffix: Substring) -> Bool {
        let parts = suffix.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    private static func uniqueSuffix() -> String {
        "\(Int(Date().timeIntervalSince1970 * 1000))-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}

private func posixError(_ path: String) -> OutputError {
    OutputError.pages(FileOutputError.posix(path))
}
