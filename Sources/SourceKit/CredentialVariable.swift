import FetchEngine

/// An environment variable a source's API credential may come from, and
/// how the value travels with each request.
package struct CredentialVariable: Sendable {
    package enum Placement: Sendable, Equatable {
        /// In each request's query, as `parameter=value`.
        case query(parameter: String)
        /// In an `Authorization: Bearer` header.
        case bearer
    }

    package var name: String
    package var placement: Placement
    /// What `--help` says of it.
    package var help: String

    package init(_ name: String, _ placement: Placement, help: String) {
        self.name = name
        self.placement = placement
        self.help = help
    }
}
