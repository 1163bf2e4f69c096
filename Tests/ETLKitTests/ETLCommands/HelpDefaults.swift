import Foundation
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

/// The defaults a command's `--help` shows, read back from its text, so
/// tests can hold them against the options structs.
enum HelpDefaults {
    /// Option synopsis (`--catalog <path>`) → the text in `(default: …)`,
    /// or nil for an option that shows none.
    static func read(_ help: String) -> [String: String?] {
        guard let options = help.range(of: "\nOPTIONS:\n") else { return [:] }
        var rows: [(synopsis: String, description: String)] = []
        // The options end at the first blank line (ENVIRONMENT may follow).
        for line in help[options.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            if line.hasPrefix("  --") {
                // Descriptions start at column 28; a longer synopsis has the line to itself.
                let characters = Array(line)
                if characters.count > 28, characters[27] == " " {
                    rows.append((String(characters[..<28]).trimmingSpaces, String(characters[28...]).trimmingSpaces))
                } else {
                    rows.append((line.trimmingSpaces, ""))
                }
            } else if !rows.isEmpty {
                let continuation = line.trimmingSpaces
                rows[rows.count - 1].description += rows[rows.count - 1].description.isEmpty ? continuation : " " + continuation
            }
        }
        var defaults: [String: String?] = [:]
        for row in rows {
            if row.description.hasSuffix(")"), let start = row.description.range(of: " (default: ") {
                defaults[row.synopsis] = String(row.description[start.upperBound...].dropLast())
            } else {
                defaults[row.synopsis] = .some(nil)
            }
        }
        return defaults
    }

    /// `a; b for flickr; data/<source>/x for flickr and tmdb` → the value
    /// for each source (`a` for those not named).
    static func perSource(_ text: String) -> [SourceName: String] {
        let parts = text.components(separatedBy: "; ")
        var values = Dictionary(uniqueKeysWithValues: SourceName.allCases.map { ($0, parts[0]) })
        for part in parts.dropFirst() {
            guard let marker = part.range(of: " for ", options: .backwards) else { continue }
            let value = String(part[..<marker.lowerBound])
            let names = part[marker.upperBound...].replacingOccurrences(of: " and ", with: ", ").components(separatedBy: ", ")
            for name in names {
                guard let source = SourceName(rawValue: name) else { continue }
                values[source] = value.replacingOccurrences(of: "<source>", with: name)
            }
        }
        return values
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
