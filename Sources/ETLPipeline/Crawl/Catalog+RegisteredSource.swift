import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry

extension Catalog {
    /// The source whose data the catalog holds; a catalog from before
    /// sources existed holds the first source's.
    package func recordedSource() throws -> SourceName {
        guard let name = try recordedSourceName() else { return SourceRegistry.first.name }
        guard SourceRegistry.source(named: name) != nil else {
            throw CatalogError.notACatalog(path: path, reason: "its source '\(TerminalText.escaped(name.rawValue))' is unknown")
        }
        return name
    }

    /// Throws unless the catalog holds `source`'s data: `etl pages` and
    /// `etl images` write into the source's folders, and one source's IDs
    /// must never land in another's pages.
    package func requireSource(_ source: SourceName) throws {
        let holds = try recordedSource()
        guard holds == source else { throw CatalogError.otherSource(path: path, holds: holds, asked: source) }
    }

    /// Makes the catalog `source`'s (see ``bind(to:table:legacy:)``).
    package func bind(to source: any Source) throws {
        try bind(to: source.name, table: source.table, legacy: SourceRegistry.first.name)
    }
}
