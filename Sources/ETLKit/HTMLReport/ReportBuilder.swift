import Foundation

/// Runs `etl report`: reads the catalog, renders the page, and puts it in
/// place atomically (written beside its destination, then renamed).
public struct ReportBuilder: Sendable {
    public let options: ReportOptions

    /// What a page begins with; a file that does not is not ours to replace.
    static let signature = "<title>etl report</title>"

    public init(options: ReportOptions) {
        self.options = options
    }

    /// Writes the page; returns its path. `now` fills the "generated at" line.
    @discardableResult
    public func run(now: Date = Date()) throws -> String {
        let out = options.resolvedOutPath
        try checkDestination(out)
        let catalog = try Catalog.open(path: options.catalogPath, create: false)
        let html = HTMLReport(data: try catalog.reportData(runLimit: options.runLimit), generatedAt: Timestamp.string(from: now)).render()
        // A fresh name (O_EXCL), so no file beside it is truncated; synced before the rename.
        let staging = LocalPath(out).parent.appending(".\(LocalPath(out).name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").string
        let descriptor = open(staging, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ReportError.cannotWrite(path: out, reason: "cannot create '\(staging)': \(String(cString: strerror(errno)))")
        }
        let bytes = Array(html.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(staging)
                throw ReportError.cannotWrite(path: out, reason: reason)
            }
            written += count
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(staging, out) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(staging)
            throw ReportError.cannotWrite(path: out, reason: reason)
        }
        return out
    }

    /// Whether the regular file at `path` is a report etl wrote.
    static func isReport(_ path: String) -> Bool {
        let head = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 512) } ?? Data()
        return String(decoding: head, as: UTF8.self).contains(signature)
    }

    /// Refuses a destination that is a folder or another kind of file, or
    /// a file etl did not write, and a folder that does not exist.
    private func checkDestination(_ out: String) throws {
        let path = LocalPath(out)
        switch path.kind {
        case nil:
            let folder = path.parent
            guard folder.kind == .directory else {
                throw ReportError.cannotWrite(path: out, reason: "its folder '\(folder)' does not exist")
            }
        case .regular:
            guard Self.isReport(out) else {
                throw ReportError.cannotWrite(path: out, reason: "the file exists and is not an etl report")
            }
        case .some(let kind):
            throw ReportError.cannotWrite(path: out, reason: "it is \(kind)")
        }
    }
}
