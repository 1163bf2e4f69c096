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
            throw CredentialError.missing(source: source, variables: ["TMDB_READ_TOKEN", "TMDB_API_KEY"])
        }
    }

    /// A visible-ASCII value: a newline would forge a header, and a key is never anything else.
    private static func value(of variable: String, in environment: [String: String]) throws -> String {
        guard let value = environment[variable] else {
            throw CredentialError.missing(source: variable.hasPrefix("FLICKR") ? .flickr : .tmdb, variables: [variable])
        }
        guard !value.isEmpty, value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
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

    /// `text` with the credential masked: for anything printed that may
    /// have passed through a server (an echoed URL in an error message).
    func masked(_ text: String) -> String { text.replacingOccurrences(of: value, with: "***") }
}

/// A credential that is absent or unusable. The messages name the
/// variable, never its value.
public enum CredentialError: Error, Equatable, Sendable, CustomStringConvertible {
    case missing(source: SourceName, variables: [String])
    case malformed(variable: String)

    public var description: String {
        switch self {
        case .missing(let source, let variables):
            let names = variables.joined(separator: " or ")
            let help = source == .flickr
                ? "get one at https://www.flickr.com/services/apps/create/"
                : "get one at https://www.themoviedb.org/settings/api"
            return "--source \(source.rawValue) needs an API credential in \(names); \(help)"
        case .malformed(let variable):
            return "\(variable) is empty or holds spaces or control characters; expected the key as issued (printable ASCII)"
        }
    }
}

/// An error whose text held the credential, with it masked.
struct MaskedError: Error, CustomStringConvertible {
    var description: String
}
