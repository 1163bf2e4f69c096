import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import ETLReport
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource

/// A default lives in one place: a catalog's file name is written once, in
/// `SourceDefaults`, every source's path is made from it by one rule, and
/// every options struct and help text reads it.
@Suite("Default path rule")
struct DefaultPathRuleTests {
    @Test func theMetCatalogPathIsWrittenOnceInTheSources() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        var places: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let count = text.components(separatedBy: "\"catalog.sqlite\"").count - 1
            places += Array(repeating: file, count: count)
            #expect(!text.contains("\"data/catalog.sqlite\""), "\(file) spells out a default path")
        }
        #expect(places == ["ETLCore/Source/SourceDefaults.swift"])
        #expect(MetSource.name.defaultCatalogPath == "data/catalog.sqlite")
    }
}
