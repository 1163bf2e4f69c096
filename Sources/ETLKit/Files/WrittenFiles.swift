import Foundation

/// The manifest of files etl wrote in a folder it shares with the user
/// (the image folder, a plain page folder): a hidden file, one name a line.
///
/// etl deletes only names listed here, so a user's `20240101.jpg` or
/// `31.txt` that merely looks like etl's is never touched. Names are
/// appended before the file is renamed into place, so a crash in between
/// leaves a listed name without a file, which is harmless.
public struct WrittenFiles: Sendable {
    public static let fileName = ".etl-written"

    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    var path: String { LocalPath(folder).appending(Self.fileName).string }

    /// The names recorded so far (none when there is no manifest).
    public func names() -> Set<String> {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// Records `name` before etl creates it. O_APPEND keeps concurrent
    /// writers' lines whole.
    public func add(_ name: String) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WrittenFilesError(path: path, errno: errno) }
        defer { close(descriptor) }
        let bytes = Array((name + "\n").utf8)
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard count == bytes.count else { throw WrittenFilesError(path: path, errno: errno) }
    }

    /// Replaces the manifest with `names` (temporary file, then rename).
    public func replace(with names: Set<String>) throws {
        let temporary = path + ".tmp-\(getpid())"
        let text = names.sorted().map { $0 + "\n" }.joined()
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
            throw WrittenFilesError(path: temporary, errno: errno)
        }
        guard rename(temporary, path) == 0 else {
            let error = WrittenFilesError(path: path, errno: errno)
            unlink(temporary)
            throw error
        }
    }
}

/// The manifest could not be written.
public struct WrittenFilesError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        reason = String(cString: strerror(code))
    }

    public var description: String { "cannot write '\(path)': \(reason)" }
}
