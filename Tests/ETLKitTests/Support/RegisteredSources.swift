import Foundation
import ETLCatalog
import ETLCore
import FlickrSource
import MetSource
import SourceKit
import SourceRegistry
import TMDBSource

// The tests name sources; the code above the registry never does. These
// spellings read each answer from the registered source itself.

extension SourceName {
    static let met = MetSource.name
    static let flickr = FlickrSource.name
    static let tmdb = TMDBSource.name

    static var allCases: [SourceName] { SourceRegistry.names }

    var table: SourceTable? { source.table }
}

extension SourceCredential {
    /// Where `source`'s credential may come from, in the order tried.
    static func variables(for source: SourceName) -> [String] {
        source.source.credentials.map(\.name)
    }
}

extension SourceAttribution {
    static func of(_ source: SourceName) -> SourceAttribution { source.source.attribution }
}

extension CrawlOptions {
    static let defaultAPI = SourceRegistry.first.defaults.api
}

extension CatalogMetadata {
    static func json(catalogPath: String, source: SourceName = SourceRegistry.first.name) -> Data {
        json(catalogPath: catalogPath, source: source.source.described)
    }

    static func json(catalogPath: String, source: DescribedSource) -> Data {
        json(catalogPath: catalogPath, source: source, reasons: SourceRegistry.reasons)
    }

    @discardableResult
    static func write(besideCatalog catalogPath: String, source: SourceName = SourceRegistry.first.name) throws -> String? {
        try write(besideCatalog: catalogPath, source: source.source.described, reasons: SourceRegistry.reasons)
    }

    static func markdown() -> String {
        markdown(sources: SourceRegistry.all.map(\.described), reasons: SourceRegistry.reasons)
    }
}

extension CatalogDescription {
    /// The tables as a catalog of the registered sources describes them.
    static var tables: [Table] { tables(reasons: SourceRegistry.reasons) }
}

// Every catalog a test opens ranks the registered sources' reasons, as
// etl's own commands open it.
extension Catalog {
    static func open(path: String, create: Bool = true) throws -> Catalog {
        try open(path: path, create: create, reasons: SourceRegistry.reasons)
    }

    static func openForReading(path: String) throws -> Catalog {
        try openForReading(path: path, reasons: SourceRegistry.reasons)
    }
}

extension ReasonVocabulary {
    /// The registry's, as etl's commands use it.
    static var registered: ReasonVocabulary { SourceRegistry.reasons }
}
