import FetchEngine
import Foundation
import Store

/// The manifest of files etl wrote in a folder it shares with the user
/// (the image folder, a plain page folder): a hidden file, one name a line.
///
/// etl deletes only names listed here, so a user's `20240101.jpg` or
/// `31.txt` that merely looks like etl's is never touched. Names are
/// appended before the file is renamed into place, so a crash in between
/// leaves a listed name without a file, which is harmless.
///
/// A listed name counts only when it is a name etl itself writes in that
/// folder (`accepts`): never a path (`/`, `..`), a hidden name or the
/// manifest itself. Anything else, a hand-edited or crafted line such as
/// `../catalog.sqlite`, is ignored, dropped when the manifest is next
/// rewritten, and reported once through ``Contents/ignored``.
package struct WrittenFiles: Sendable {
    package static let fileName = ".etl-written"
    /// A manifest larger than this is not etl's (a million names is ~16 MB).
    package static let maximumSize = 64 << 20

    package let folder: String
    /// Whether etl writes a file of this name in the folder.
    package let accepts: @Sendable (String) -> Bool

    package init(folder: String, accepts: @escaping @Sendable (String) -> Bool) {
        self.folder = folder
        self.accepts = accepts
    }

    package var path: String { LocalPath(folder).appending(Self.fileName).string }

    /// What a manifest lists.
    package struct Contents: Sendable, Equatable {
        /// Names etl wrote and may delete or replace.
        package var names: Set<String> = []
        /// Lines that are not names etl writes there, escaped for a message.
        package var ignored: [String] = []
        /// Why the manifest itself was ignored (it is a symbolic link, a
        /// FIFO, too large to be etl's, unreadable); nil when it was read.
        package var ignoredManifest: String?
    }

    /// The names recorded so far (none when there is no manifest).
    package func names() -> Set<String> { read().names }

    /// The manifest's names and the lines it ignores. A manifest that is
    /// not a regular file (a link is not followed; a FIFO would block the
    /// read), or is too large to be etl's, lists nothing, and why is said
    /// in ``Contents/ignoredManifest``. Opened as every input is (``InputFile``).
    package func read() -> Contents {
        let file: InputFile
        do {
            file = try InputFile(path: path, followsLinks: false, stop: nil)
        } catch let error as InputFileError {
            if error.code == ENOENT { return Contents() }
            return Contents(ignoredManifest: error.reason)
        } catch {
            return Contents(ignoredManifest: "\(error)")
        }
        guard file.kind == .regular else { return Contents(ignoredManifest: "it is \(file.kind), not a regular file") }
        guard file.size <= Self.maximumSize else {
            return Contents(ignoredManifest: "it is larger than \(Self.maximumSize >> 20) MiB, more than etl ever writes")
        }
        var bytes = [UInt8](repeating: 0, count: file.size)
        var count = 0
        while count < bytes.count {
            guard let read = try? file.read(into: &bytes, from: count), read > 0 else { break }
            count += read
        }
        var contents = Contents()
        for line in bytes[..<count].split(separator: UInt8(ascii: "\n")) {
            let name = String(decoding: line, as: UTF8.self)
            if isOwnName(name) { contents.names.insert(name) } else { contents.ignored.append(TerminalText.escaped(name)) }
        }
        return contents
    }

    /// A plain name in this folder that etl writes there.
    package func isOwnName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\0") && accepts(name)
    }

    /// Records `name` before etl creates it. O_APPEND keeps concurrent
    /// writers' lines whole.
    package func add(_ name: String) throws {
        guard isOwnName(name) else { throw WrittenFilesError(path: path, reason: "'\(TerminalText.escaped(name))' is not a name etl writes here") }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw WrittenFilesError(path: path, errno: errno) }
        defer { close(descriptor) }
        let bytes = Array((name + "\n").utf8)
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard count == bytes.count else { throw WrittenFilesError(path: path, errno: errno) }
    }

    /// Replaces the manifest with `names` (atomically).
    package func replace(with names: Set<String>) throws {
        let text = names.filter(isOwnName).sorted().map { $0 + "\n" }.joined()
        do {
            try AtomicFile.write(Array(text.utf8), to: path, syncFolder: false)
        } catch let error as FileOutputError {
            throw WrittenFilesError(path: error.path, reason: error.reason, code: error.code)
        }
    }
}

/// The manifest could not be written.
package struct WrittenFilesError: Error, Equatable, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String
    /// The `errno` behind it, when a system call failed.
    package var code: Int32?

    package init(path: String, errno code: Int32) {
        self.path = path
        reason = String(cString: strerror(code))
        self.code = code
    }

    package init(path: String, reason: String, code: Int32? = nil) {
        self.path = path
        self.reason = reason
        self.code = code
    }

    /// As a ``FileOutputError``, whose rule says whether it is a write failure.
    package var asFileOutputError: FileOutputError { FileOutputError(path: path, reason: reason, code: code) }

    package var description: String { "cannot write '\(path)': \(reason)" }
}
