import Foundation
import SourceKit
import SourceRegistry
import Testing

/// A source is a plug-in: its own target and one line in the registry. The
/// compiler keeps the targets acyclic; these tests keep the sources out of
/// the code above and below them, which the compiler cannot see (a name in
/// a string, a comment that makes a newcomer edit the wrong file).
@Suite("Sources are plug-ins")
struct SourcePluginTests {
    /// Every Swift file under `Sources/`, by its path there, with its text.
    static func sourceFiles() throws -> [(path: String, text: String)] {
        let root = TestPaths.packageRoot.appendingPathComponent("Sources")
        let paths = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// The target folder that declares `source`: the one file saying `SourceName("<name>")`.
    static func target(of source: any Source, in files: [(path: String, text: String)]) throws -> String {
        let declaring = files.filter { $0.text.contains("SourceName(\"\(source.name.rawValue)\")") }
        try #require(declaring.count == 1, "\(source.name) is declared in \(declaring.map(\.path))")
        return String(declaring[0].path.prefix { $0 != "/" })
    }

    /// The registry may name any source.
    static let mayNameSources = ["SourceRegistry/"]

    @Test("no file outside a source's own target and the registry names it")
    func namesStayInTheirTargets() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 100)
        // The first source's fields are the catalog's shared columns (its
        // tables were the Met's before sources existed), so its name is
        // checked through imports instead (below).
        for source in SourceRegistry.all.dropFirst() {
            let own = try Self.target(of: source, in: files) + "/"
            let word = try Regex("(?i)\\b\(source.name.rawValue)\\b")
            // The plain search first: Swift's Regex over every file for every
            // source took a minute.
            let name = source.name.rawValue.lowercased()
            let naming = files.filter { file in
                !file.path.hasPrefix(own) && !Self.mayNameSources.contains { file.path.hasPrefix($0) }
                    && file.text.lowercased().contains(name) && file.text.contains(word)
            }
            #expect(naming.map(\.path) == [], "\(source.name) is named outside \(own)")
        }
    }

    /// `etl plan` is the first source's CSV planner, the one command of a
    /// single source; its files are the only ones above the registry that
    /// import a source's target.
    static let planFiles = [
        "ETLCommands/CommandRunner+Errors.swift", "ETLCommands/CommandRunner.swift", "ETLCommands/ETLCommand.swift",
        "ETLCommands/PlanCommand.swift", "ETLCommands/PlanOptions.swift", "ETLCommands/Report+Plan.swift",
    ]

    @Test("only the registry imports a source's target (and etl plan the first's)")
    func onlyTheRegistryImportsSources() throws {
        let files = try Self.sourceFiles()
        let targets = try Set(SourceRegistry.all.map { try Self.target(of: $0, in: files) })
        #expect(targets.count == SourceRegistry.all.count, "each source has a target of its own")
        let first = try Self.target(of: SourceRegistry.first, in: files)
        for file in files {
            let folder = String(file.path.prefix { $0 != "/" })
            guard folder != "SourceRegistry", !targets.contains(folder) else { continue }
            let imported = file.text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) }
            let sources = imported.filter(targets.contains)
            let allowed = Self.planFiles.contains(file.path) ? [first] : []
            #expect(sources.allSatisfy(allowed.contains), "\(file.path) imports \(sources)")
        }
    }

    @Test("a source's target imports no other source")
    func sourcesDoNotImportEachOther() throws {
        let files = try Self.sourceFiles()
        let targets = try SourceRegistry.all.map { try Self.target(of: $0, in: files) }
        for file in files {
            let folder = String(file.path.prefix { $0 != "/" })
            guard targets.contains(folder) else { continue }
            let imported = file.text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) }
            #expect(imported.filter { targets.contains($0) && $0 != folder } == [], "\(file.path)")
        }
    }
}
