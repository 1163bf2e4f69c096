/// A column of `works` that readers group the kept set by: a report chart,
/// a Datasette facet. Each source names its own, so a catalog offers only
/// what its source fills (a list of movies has genres, not departments).
package struct WorkFacet: Sendable, Equatable {
    /// A column of `works`: a shared one (`department`) or the source's own
    /// (`license_name`), a plain SQL identifier.
    package var column: String
    /// What a chart's title calls it: "Works kept by \(title)".
    package var title: String

    package init(_ column: String, title: String) {
        precondition(column.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }, "a facet column is an identifier")
        self.column = column
        self.title = title
    }

    package static let department = WorkFacet("department", title: "department")
    package static let classification = WorkFacet("classification", title: "classification")
}
