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
        let staging = out + ".etl-partial"
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: staging))
        } catch {
            throw ReportError.cannotWrite(path: out, reason: "cannot create '\(staging)'")
        }
        guard rename(staging, out) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: staging)
            throw ReportError.cannotWrite(path: out, reason: reason)
        }
        return out
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
            let head = FileHandle(forReadingAtPath: out).flatMap { try? $0.read(upToCount: 512) } ?? Data()
            guard String(decoding: head, as: UTF8.self).contains(Self.signature) else {
                throw ReportError.cannotWrite(path: out, reason: "the file exists and is not an etl report")
            }
        case .some(let kind):
            throw ReportError.cannotWrite(path: out, reason: "it is \(kind)")
        }
    }
}
