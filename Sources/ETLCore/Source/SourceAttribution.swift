import FetchEngine

/// What a catalog's `metadata.json` says about where its data comes from
/// and on what terms: the licence and the attribution each API requires.
package struct SourceAttribution: Sendable {
    package var title: String
    package var description: String
    package var license: String
    package var licenseURL: String
    package var source: String
    package var sourceURL: String
    /// What the kept set is, for `works`.
    package var worksDescription: String
    /// Where each shared column comes from, in the source's words (its
    /// field names); a column not named here is NULL in its catalogs.
    /// `metadata.json` and `docs/catalog.md` say it beside each column.
    package var fields: [SharedColumn: String]

    package init(
        title: String, description: String, license: String, licenseURL: String, source: String, sourceURL: String,
        worksDescription: String, fields: [SharedColumn: String]
    ) {
        self.title = title
        self.description = description
        self.license = license
        self.licenseURL = licenseURL
        self.source = source
        self.sourceURL = sourceURL
        self.worksDescription = worksDescription
        self.fields = fields
    }
}
