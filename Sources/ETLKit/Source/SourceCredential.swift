import FetchEngine

/// A source's API credential, read from the environment and kept in
/// memory only: never in options, the catalog, `runs`, logs, errors or
/// `--json`. Callers build URLs without it; ``client(base:)`` adds it.
public struct SourceCredential: Sendable {
    enum Placement: Sendable {
        case query(parameter: String)
        case bearer
    }

    let placement: Placement
    private let value: String

    /// The credential `source` needs, from `environment`; nil for the Met, which needs none.
    public static func from(environment: [String: String], for source: SourceName) throws -> SourceCredential? {
        switch source {
        case .met:
            return nil
        case .flickr:
            return SourceCredential(placement: .query(parameter: "api_key"), value: try value(of: "FLICKR_API_KEY", in: environment))
        case .tmdb:
            if environment["TMDB_READ_TOKEN"] != nil {
                return SourceCredential(placement: .bearer, value: try value(of: "TMDB_READ_TOKEN", in: environment))
            }
            if environment["TMDB_API_KEY"] != nil {
                return SourceCredential(placement: .query(parameter: "api_key"), value: try value(of: "TMDB_API_KEY", in: environment))
            }
            throw CredentialError.missing(source: source, variables: variables(for: source))
        }
    }

    /// Where `source`'s credential may come from, in the order tried.
    static func variables(for source: SourceName) -> [String] {
        switch source {
        case .met: []
        case .flickr: ["FLICKR_API_KEY"]
        case .tmdb: ["TMDB_READ_TOKEN", "TMDB_API_KEY"]
        }
    }

    /// A visible-ASCII value: a newline would forge a header, and a key is never anything else.
    private static func value(of variable: String, in environment: [String: String]) throws -> String {
        guard let value = environment[variable] else {
            throw CredentialError.missing(source: variable.hasPrefix("FLICKR") ? .flickr : .tmdb, variables: [variable])
        }
        // Keys as issued are 32 characters and more: a short value is a
        // mistake, and one too short to mask could not be kept out of errors.
        guard value.count >= minimumLength, value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw CredentialError.malformed(variable: variable)
        }
        return value
    }

    /// Extra request headers: the bearer token, when that is how it travels.
    var headers: [String] {
        if case .bearer = placement { return ["Authorization: Bearer \(value)"] }
        return []
    }

    /// `base` with the credential added to each request's query, when it travels there.
    func client(base: any HTTPClient) -> any HTTPClient {
        guard case .query(let parameter) = placement else { return base }
        return CredentialClient(base: base, parameter: parameter, value: value)
    }

    /// The shortest credential accepted: the shortest run ``SecretMask`` masks.
    static let minimumLength = SecretMask.minimumRun

    /// `text` with the credential masked in any spelling: for anything
    /// printed that may have passed through a server (an echoed URL in an
    /// error message).
    func masked(_ text: String) -> String { SecretMask([value]).masked(text) }
}
