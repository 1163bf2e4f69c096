import Foundation

/// Locates the real 2,000-row MetObjects.csv slice that lives next to the
/// package (`../shared/met-real/` from the package root). It is not part of
/// the repository, so tests that need it are skipped when it is absent.
enum MetSampleFile {
    /// The sample's path, or nil when it is not on this machine.
    static let path: String? = {
        guard let packageRoot = packageRoot(startingAt: URL(fileURLWithPath: #filePath)) else { return nil }
        let sample = packageRoot
            .deletingLastPathComponent()
            .appendingPathComponent("shared/met-real/MetObjects-sample.csv")
        return FileManager.default.fileExists(atPath: sample.path) ? sample.path : nil
    }()

    static var isAvailable: Bool { path != nil }

    /// Walks up from this source file to the directory holding Package.swift.
    private static func packageRoot(startingAt file: URL) -> URL? {
        var directory = file.deletingLastPathComponent()
        while directory.pathComponents.count > 1 {
            let manifest = directory.appendingPathComponent("Package.swift")
            if FileManager.default.fileExists(atPath: manifest.path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
