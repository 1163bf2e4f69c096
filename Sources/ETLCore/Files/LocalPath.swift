import FetchEngine
import Foundation
import Store

/// Splits a local path into folder and name by its bytes.
///
/// swift-corelibs-foundation's `NSString.deletingLastPathComponent` traps on
/// some one-character paths (`p`, `é`), so etl never uses NSString path
/// methods; this type is the one place paths are taken apart.
package struct LocalPath: Sendable, Equatable, CustomStringConvertible {
    /// The path as given, without trailing slashes (a root stays `/`).
    package let string: String

    package init(_ path: String) {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        string = String(text)
    }

    package var description: String { string }

    /// The last component: `pages` for `data/pages/`, `p` for `p`.
    package var name: String {
        guard let slash = string.lastIndex(of: "/") else { return string }
        return String(string[string.index(after: slash)...])
    }

    /// The last component without its extension: `catalog` for `data/catalog.sqlite`.
    package var nameWithoutExtension: String {
        let name = self.name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The folder holding this path: `.` for a bare name, `/` for `/x`.
    package var parent: LocalPath {
        guard let slash = string.lastIndex(of: "/") else { return LocalPath(".") }
        let head = string[..<slash]
        return head.isEmpty ? LocalPath("/") : LocalPath(String(head))
    }

    /// `folder/name`.
    package func appending(_ name: String) -> LocalPath {
        LocalPath(string == "/" ? "/" + name : string + "/" + name)
    }

    /// What is at this path, following symbolic links; nil when nothing is.
    package var kind: Kind? {
        var status = stat()
        guard stat(string, &status) == 0 else { return nil }
        return Kind(mode: status.st_mode)
    }

    /// The kinds of file etl tells apart in its errors.
    package enum Kind: Sendable, Equatable, CustomStringConvertible {
        case regular, directory, other(String)

        package init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFCHR: self = .other("a character device")
            case S_IFBLK: self = .other("a block device")
            case S_IFIFO: self = .other("a named pipe")
            case S_IFSOCK: self = .other("a socket")
            default: self = .other("not a regular file")
            }
        }

        package var description: String {
            switch self {
            case .regular: return "a regular file"
            case .directory: return "a directory"
            case .other(let text): return text
            }
        }
    }

    /// Why a folder could not be created at this path, or nil when it exists
    /// or can be: checked before any work, so a bad `--out` fails at once.
    /// The nearest existing ancestor must be a folder etl may write into.
    package func problemCreatingFolder() -> String? {
        var path = self
        var isTarget = true
        while true {
            switch path.kind {
            case .directory:
                guard access(path.string, W_OK | X_OK) == 0 else {
                    return isTarget ? "the folder is not writable" : "cannot create it inside '\(path)': \(String(cString: strerror(errno)))"
                }
                return nil
            case .some(let kind):
                return isTarget ? "it exists and is \(kind), not a directory" : "'\(path)' is \(kind), not a directory"
            case nil:
                let parent = path.parent
                if parent == path { return "no existing folder above it" }
                path = parent
                isTarget = false
            }
        }
    }
}
