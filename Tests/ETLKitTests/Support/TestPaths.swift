import Foundation

/// Where the package, its scripts and the shared real data are.
enum TestPaths {
    /// The package root, found from this file's location.
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    static func script(_ name: String) -> String {
        packageRoot.appendingPathComponent("scripts/\(name)").path
    }

    /// A mock server's script: they live in `scripts/mocks/`, beside the modules they import.
    static func mock(_ name: String) -> String {
        script("mocks/\(name)")
    }

    static func sample(_ name: String) -> String {
        packageRoot.appendingPathComponent("data/sample/\(name)").path
    }

    /// `../shared/met-real/<name>`, the real recorded data, when present.
    static func realData(_ name: String) -> String? {
        let path = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/met-real/\(name)").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The built `etl` executable, next to the test bundle.
    static let etlExecutable: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("etl").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/etl").path
    }()
}
