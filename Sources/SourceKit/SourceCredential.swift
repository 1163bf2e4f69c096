import ETLCore
import FetchEngine
import Store

/// A source's API credential, read from the environment and kept in
/// memory only: never in options, the catalog, `runs`, logs, errors or
/// `--json`. Callers build URLs without it; ``client(base:)`` adds it.
package struct SourceCredential: Sendable {
    package typealias Placement = CredentialVariable.Placement

    package let placement: Placement
    private let value: String

    /// The credential `source` needs, from `environment`: the first of
    /// `variables` that is set; nil when the source needs none (no variables).
    /// `help` says where to get one when none is set.
    package static func from(
        environment: [String: String], source: SourceName, variables: [CredentialVariable], help: String
    ) throws -> SourceCredential? {
        guard !variables.isEmpty else { return nil }
        guard let variable = variables.first(where: { environment[$0.name] != nil }) else {
            throw CredentialError.missing(source: source, variables: variables.map(\.name), help: help)
        }
        return SourceCredential(placement: variable.placement, value: try value(of: variable.name, in: environment))
    }

    /// A visible-ASCII value: a newline would forge a header, and a key is never anything else.
    private static func value(of variable: String, in environment: [String: String]) throws -> String {
        let value = environment[variable] ?? ""
        // Keys as issued are 32 characters and more: a short value is a
        // mistake, and one too short to mask could not be kept out of errors.
        guard value.count >= minimumLength, value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw CredentialError.malformed(variable: variable)
        }
        return value
    }

    /// Extra request headers: the bearer token, when that is how it travels.
    package var headers: [String] {
        if case .bearer = placement { return ["Authorization: Bearer \(value)"] }
        return []
    }

    /// `base` with the credential added to each request's query, when it travels there.
    package func client(base: any HTTPClient) -> any HTTPClient {
        guard case .query(let parameter) = placement else { return base }
        return CredentialClient(base: base, parameter: parameter, value: value)
    }

    /// The shortest credential accepted: the shortest run ``SecretMask`` masks.
    package static let minimumLength = SecretMask.minimumRun

    /// `text` with the credential masked in any spelling: for anything
    /// printed that may have passed through a server (an echoed URL in an
    /// error message).
    package func masked(_ text: String) -> String { SecretMask([value]).masked(text) }
}
