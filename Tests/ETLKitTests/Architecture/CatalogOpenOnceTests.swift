import Foundation
import Testing

/// Every command opens a catalog through `Catalog.openSource` (ETLPipeline),
/// which migrates it and, in the same step, gives the held source's tables
/// a fresh catalog's column order. A command that called ETLCatalog's
/// `open(path:create:reasons:accepts:)` itself would leave an upgraded catalog in
/// the old order until the next crawl, as `etl report`, `export`, `images`,
/// `pages`, `gallery` and `status` once did. ETLCatalog (below the source
/// kit: its batch writer reopens a catalog a crawl has bound) and the one
/// file of the wrappers may call it.
@Suite("Commands open a catalog through one door")
struct CatalogOpenOnceTests {
    static let home = "ETLPipeline/Crawl/Catalog+RegisteredSource.swift"
    static let below = "ETLCatalog/"

    /// A call (no `.` or letter joined to `open`'s front but `Catalog.`).
    static func pattern() throws -> Regex<AnyRegexOutput> {
        try Regex(#"(^|[^A-Za-z0-9_./])(Catalog\.)?open(ForReading)?\(path:"#)
    }

    /// Whether `text` calls ETLCatalog's open outside a comment.
    static func calls(_ text: String, _ pattern: Regex<AnyRegexOutput>) -> Bool {
        text.split(separator: "\n").contains { line in
            !line.drop { $0 == " " }.hasPrefix("//") && line.contains(pattern)
        }
    }

    @Test("no Swift file above ETLCatalog but the wrappers' opens a catalog by ETLCatalog's own open")
    func openedOnce() throws {
        let files = try SourcePluginTests.sourceFiles()
        let pattern = try Self.pattern()
        #expect(files.contains { $0.path == Self.home && Self.calls($0.text, pattern) }, "the wrappers live in \(Self.home)")
        let others = files.filter { $0.path != Self.home && !$0.path.hasPrefix(Self.below) && Self.calls($0.text, pattern) }.map(\.path)
        #expect(others == [], "\(others)")
    }

    @Test("the check finds the opens it replaced, not a pager's open of a window")
    func checkFindsAnOpen() throws {
        let pattern = try Self.pattern()
        let replaced = [
            #"let catalog = try Catalog.openForReading(path: options.catalogPath, reasons: SourceRegistry.reasons)"#,
            #"let catalog = try Catalog.open(path: options.catalogPath, create: false, reasons: SourceRegistry.reasons)"#,
            #"(try? Catalog.open(path: catalogPath, create: false, reasons: SourceRegistry.reasons).recordedSource())"#,
        ]
        for line in replaced { #expect(Self.calls(line, pattern), "\(line)") }
        #expect(Self.calls("let catalog = try open(path: path, create: create, reasons: SourceRegistry.reasons)", pattern))
        #expect(!Self.calls("switch try source.open(window, first: first) {", pattern))
        #expect(!Self.calls("try Catalog.openSource(path: options.catalogPath, create: false, requiring: options.source)", pattern))
        #expect(!Self.calls("    /// migration step from version 0 (``Catalog/open(path:create:reasons:accepts:)``", pattern))
    }
}
