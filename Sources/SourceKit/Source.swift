import ETLCatalog
import ETLCore
import FetchEngine

/// One API etl builds datasets from: everything that differs between
/// sources. The pipeline and the commands ask a source, never name one; a
/// source is a target of its own (`Sources/<Name>Source`) and one line in
/// `SourceRegistry.all`.
package protocol Source: Sendable {
    /// `--source`, the catalog's `settings.source`, its default folder.
    static var name: SourceName { get }
    /// ``name``, as the registry asks a source it holds.
    var name: SourceName { get }
    /// What it is, for `--help`.
    var title: String { get }
    var defaults: SourceDefaults { get }
    /// What `metadata.json` says about the data's origin and terms.
    var attribution: SourceAttribution { get }
    /// Where the API credential may come from, in the order tried; empty
    /// when the source needs none.
    var credentials: [CredentialVariable] { get }
    /// Where to get a credential, said when none is set.
    var credentialHelp: String { get }
    /// The source's own columns, in a table beside the shared core; nil
    /// when its fields are the shared `objects` columns.
    var table: SourceTable? { get }
    /// The columns of `works` its kept set is grouped by (the report's
    /// charts, Datasette's facets): shared ones it fills, or its own. By
    /// default the department and the classification, where it fills them.
    var facets: [WorkFacet] { get }
    /// `etl crawl` options only this source takes.
    var options: [SourceOption] { get }
    /// The rejection reasons only this source's rule gives (an enum of
    /// its own, ``SourceReasons/declared``); the shared ones are ``SharedReason``'s.
    var reasons: [DeclaredReason] { get }
    /// The rules across options, once all are read: throws a message for
    /// the command line's `Error:` line.
    func validate(_ options: CrawlOptions) throws(SourceOptionError)
    /// How a crawl reads it.
    var crawl: CrawlStyle { get }
    /// Lines this source adds to a crawl's summary.
    func summaryLines(for summary: CrawlSummary) -> [String]
    /// Request headers the API asks for beyond the credential's (`Name: value`,
    /// printable ASCII), such as a header naming the application and a contact.
    func headers(for options: CrawlOptions) -> [String]
}

extension Source {
    package var name: SourceName { Self.name }
    package var credentials: [CredentialVariable] { [] }
    package var credentialHelp: String { "" }
    package var table: SourceTable? { nil }
    package var options: [SourceOption] { [] }
    package var facets: [WorkFacet] {
        [WorkFacet.department, .classification].filter { facet in attribution.fields.keys.contains { $0.rawValue == facet.column } }
    }
    package var reasons: [DeclaredReason] { [] }
    package func validate(_ options: CrawlOptions) throws(SourceOptionError) {}
    package func summaryLines(for summary: CrawlSummary) -> [String] { [] }
    package func headers(for options: CrawlOptions) -> [String] { [] }

    /// The credential from `environment`; nil when the source needs none.
    package func credential(from environment: [String: String]) throws -> SourceCredential? {
        try SourceCredential.from(environment: environment, source: name, variables: credentials, help: credentialHelp)
    }

    /// Whether each crawl reads the whole list (rather than a queue of items).
    package var readsWholeList: Bool {
        if case .listing = crawl { return true }
        return false
    }
}

/// A rule across a source's options that the command line breaks, e.g.
/// `--source x needs '--a <a>' or '--b <b>'`.
package struct SourceOptionError: Error, Equatable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}

extension Source {
    /// `text` as a line of the crawl's summary, in the source's name
    /// (`  name: text`); no line for nil.
    package func summaryLine(_ text: String?) -> [String] { text.map { ["  \(name): \($0)"] } ?? [] }

    /// What the catalog's metadata says of this source.
    package var described: DescribedSource {
        DescribedSource(
            name: name, attribution: attribution, table: table.map(CatalogDescription.Table.init(source:)), facets: facets.map(\.column))
    }
}
