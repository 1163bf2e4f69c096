import Foundation
import SourceKit
import SourceRegistry
import Testing

/// A source's vocabulary (its own rejection reasons and `etl crawl`
/// options) is spelled in its own target only: everything else reads it
/// from the registry. The words checked come from the registry itself, so a
/// new source or a new reason is checked with no change here.
@Suite("A source's reasons and options are spelled in its own target only")
struct SourceVocabularyTests {
    /// Frozen migration SQL: the views each version shipped, which listed
    /// every reason known then and must never change.
    static func isFrozenMigration(_ path: String) -> Bool {
        path.hasPrefix("ETLCatalog/CatalogSchema") && path.contains("+Version")
    }

    /// How a file would spell `source`'s vocabulary: each reason as a whole
    /// identifier, each option as the command line writes it (`--text`) or
    /// as its settings key (`flickr.text`).
    static func spellings(of source: any Source) throws -> [(word: String, pattern: Regex<AnyRegexOutput>)] {
        let reasons = try source.reasons.map(\.reason.rawValue).map {
            ($0, try Regex("(?:^|[^A-Za-z0-9_])\(NSRegularExpression.escapedPattern(for: $0))(?![A-Za-z0-9_])"))
        }
        let options = try source.options.flatMap { option in
            [("--\(option.name)", try Regex("(?:^|[^A-Za-z0-9-])--\(NSRegularExpression.escapedPattern(for: option.name))(?![A-Za-z0-9-])")),
             (option.key, try Regex("\"\(NSRegularExpression.escapedPattern(for: option.key))\""))]
        }
        return reasons + options
    }

    @Test("every registered source declares something to check")
    func registryDeclaresVocabularies() throws {
        let words = try SourceRegistry.all.flatMap { try Self.spellings(of: $0).map(\.word) }
        #expect(Set(words).count == words.count, "no two sources share a spelling")
        #expect(SourceRegistry.all.contains { !$0.reasons.isEmpty })
        #expect(SourceRegistry.all.contains { !$0.options.isEmpty })
    }

    @Test("no Swift file outside a source's target spells its reasons or options (frozen migrations aside)")
    func spelledOnlyInOwnTarget() throws {
        let files = try SourcePluginTests.sourceFiles()
        for source in SourceRegistry.all {
            let own = try SourcePluginTests.target(of: source, in: files) + "/"
            // `etl plan` is the first source's own command (see SourcePluginTests.planFiles).
            let allowed = source.name == SourceRegistry.first.name ? SourcePluginTests.planFiles : []
            for (word, pattern) in try Self.spellings(of: source) {
                let spelling = files.filter { file in
                    !file.path.hasPrefix(own) && !Self.isFrozenMigration(file.path) && !allowed.contains(file.path)
                        && file.text.contains(pattern)
                }
                #expect(spelling.map(\.path) == [], "\(source.name)'s \(word) is spelled outside \(own)")
            }
        }
    }

    @Test("the check finds a spelling where there is one, and only the whole word")
    func checkFindsASpelling() throws {
        for source in SourceRegistry.all {
            for (word, pattern) in try Self.spellings(of: source) {
                let quoted = word.hasPrefix("--") ? word : "\"\(word)\""
                #expect("case x = \(quoted) // y".contains(pattern), "\(word)")
                #expect(!"x \(word)z y".contains(pattern), "\(word) is matched as a whole word only")
                #expect(!"x z\(word) y".contains(pattern) || word.hasPrefix("--"), "\(word) is matched as a whole word only")
            }
        }
    }
}
