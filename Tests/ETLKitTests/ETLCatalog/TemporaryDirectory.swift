import Foundation

/// A fresh folder under the system temporary directory, removed (with
/// everything in it) when the object is released.
///
///     let directory = TemporaryDirectory()
///     let catalogPath = directory.path("catalog.sqlite")
final class TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("etl-tests-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            fatalError("cannot create temporary directory \(url.path): \(error)")
        }
    }

    /// The folder itself.
    var root: String { url.path }

    /// The path of `name` (which may contain slashes) inside the folder.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
