import FetchEngine
import Foundation
import Store

extension LocalPath {
    /// The same file named without symbolic links, `.`, `..` or doubled
    /// slashes, so two spellings of one catalog (`c.sqlite`, `./c.sqlite`,
    /// a link to it) resolve alike. Components that do not exist yet are
    /// kept as written below the deepest ancestor that does. Hard links are
    /// two files to the file system's names and stay apart.
    package var resolved: LocalPath {
        var tail: [String] = []
        var head = self
        // Bounded by the number of components: each step drops one.
        for _ in 0...string.utf8.count {
            if let real = realpath(head.string, nil) {
                defer { free(real) }
                var result = LocalPath(String(cString: real))
                for name in tail.reversed() { result = result.appending(name) }
                return result
            }
            let parent = head.parent
            if parent == head { break }
            tail.append(head.name)
            head = parent
        }
        return self
    }
}
