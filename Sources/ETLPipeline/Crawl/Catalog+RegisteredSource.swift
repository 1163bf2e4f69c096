import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry

extension Catalog {
    /// Opens the catalog at `path` for a command that may write it:
    /// ``Catalog/open(path:create:reasons:accepts:)`` with the registry's reasons
    /// (an older schema is migrated), then, in the same step, the held
    /// source's `works` and own table get a fresh catalog's column order
    /// (``orderColumnsAsFresh(_:)``): an upgraded catalog is a fresh one
    /// whichever command opens it first, not only after a crawl's bind.
    /// `source`, the command's `--source` when given, must be the
    /// catalog's, checked before anything is written (the migrations
    /// included): bad input changes nothing. So is `inputs`, the command's
    /// other input it refuses (an output folder that cannot be made, a page
    /// the catalog does not have): after the catalog's own errors, which
    /// come first, and before any write. It sees the catalog as it is, not
    /// yet upgraded, so it reads only what every version holds.
    /// Every command opens a catalog through here (an architecture test holds it).
    package static func openSource(
        path: String, create: Bool = true, requiring source: SourceName? = nil, checking inputs: ((Catalog) throws -> Void)? = nil,
        stop: StopSignal? = nil
    ) throws -> Catalog {
        let catalog = try open(path: path, create: create, reasons: SourceRegistry.reasons, accepts: accepting(source, inputs), stop: stop)
        try catalog.stoppable(by: stop) { try catalog.orderAsFresh() }
        return catalog
    }

    /// Opens (or creates) the catalog a crawl of `source` writes and binds
    /// it to the source: ``bind(to:table:legacy:)`` refuses another
    /// source's catalog before it orders any column, then orders them as
    /// ``openSource(path:create:requiring:)`` does. `opened` runs once the
    /// file exists, before the bind (a crawl notes the files it created).
    package static func openSource(path: String, crawledBy source: any Source, opened: () -> Void) throws -> Catalog {
        let catalog = try open(path: path, reasons: SourceRegistry.reasons)
        opened()
        try catalog.bind(to: source)
        return catalog
    }

    /// ``Catalog/openForReading(path:reasons:accepts:)`` with the registry's
    /// reasons, as ``openSource(path:create:requiring:)`` does for a
    /// catalog it may write; one opened read-only is left exactly as it is
    /// (an export shows its columns in a fresh catalog's order instead,
    /// through ``columnsAsFresh(of:)``).
    package static func openSourceForReading(
        path: String, requiring source: SourceName? = nil, checking inputs: ((Catalog) throws -> Void)? = nil,
        stop: StopSignal? = nil
    ) throws -> Catalog {
        let catalog = try openForReading(path: path, reasons: SourceRegistry.reasons, accepts: accepting(source, inputs), stop: stop)
        if !catalog.isReadOnly { try catalog.stoppable(by: stop) { try catalog.orderAsFresh() } }
        return catalog
    }

    /// The checks run before anything is written: that the catalog holds
    /// `source`'s data, when a command names one, then the command's `inputs`.
    private static func accepting(_ source: SourceName?, _ inputs: ((Catalog) throws -> Void)?) -> ((Catalog) throws -> Void)? {
        guard source != nil || inputs != nil else { return nil }
        return { catalog in
            if let source { try catalog.requireSource(source) }
            try inputs?(catalog)
        }
    }

    /// Rebuilds the held source's tables where their column order is not a
    /// fresh catalog's. An empty catalog no source has bound yet holds
    /// nothing to order (its bind makes the tables).
    private func orderAsFresh() throws {
        guard let held = try heldSourceName(legacy: SourceRegistry.first.name), let table = SourceRegistry.source(named: held)?.table else { return }
        try orderColumnsAsFresh(table)
    }

    /// The columns of the table `name` in a fresh catalog's order, for
    /// output that shows them all (see ``columnsAsFresh(of:table:)``).
    package func columnsAsFresh(of name: String) throws -> [String] {
        let held = try heldSourceName(legacy: SourceRegistry.first.name)
        return try columnsAsFresh(of: name, table: held.flatMap { SourceRegistry.source(named: $0)?.table })
    }

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
