import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Options that several commands share, declared once and bound to each
/// command's own field.
package enum SharedOptions {
    /// The option that picks the source, and so the other options' defaults.
    package static let sourceOptionName = "source"

    /// `--source`; `help` says what it changes for the command.
    package static func source<Options>(_ keyPath: WritableKeyPath<Options, SourceName> & Sendable, _ help: String) -> Option<Options> {
        .choice(sourceOptionName, help, keyPath, among: SourceRegistry.names)
    }

    /// `--catalog`, by default the source's own.
    package static func catalog<Options>(_ keyPath: WritableKeyPath<Options, String> & Sendable) -> Option<Options> {
        .path("catalog", "path", "The SQLite catalog.", keyPath, perSource: \.defaultCatalogPath)
    }

    /// `--out` of `crawl` and `pages`, by default the source's own folder.
    package static func pagesFolder<Options>(_ keyPath: WritableKeyPath<Options, String> & Sendable) -> Option<Options> {
        .path("out", "dir", "Where the page files go.", keyPath, perSource: \.defaultOutDirectory)
    }

    /// The rule for a folder etl fills (``OutputTarget/folderProblem(_:catalogPath:)``)
    /// as a usage error naming the option the user gave (exit 64).
    package static func checkFolder(_ path: String, option: String, catalogPath: String) throws {
        if let problem = OutputTarget.folderProblem(path, catalogPath: catalogPath) {
            throw ValidationError("--\(option) '\(path)' is refused: \(problem); give etl a folder of its own")
        }
    }

    /// `--quiet` and `--json` of `crawl` and `images`.
    package static let output: [Option<OutputOptions>] = [
        .flag("quiet", "No progress output.", \.isQuiet),
        .flag("json", "Print the summary as JSON on stdout.", \.isJSON),
    ]

    /// `--user-agent`, shown shortened: the whole text is long. Each
    /// source's default names it.
    package static func userAgent<Options>(_ keyPath: WritableKeyPath<Options, String> & Sendable) -> Option<Options> {
        .custom(
            "user-agent", "text", "User-Agent header.", keyPath, parse: Option<Options>.line,
            show: { $0.split(separator: " ").first.map { "\($0) …" } }, perSource: \.defaultUserAgent)
    }
}
