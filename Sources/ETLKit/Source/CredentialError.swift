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
            return "\(variable) is shorter than \(SourceCredential.minimumLength) characters or holds spaces or control characters; expected the key as issued (printable ASCII)"
        }
    }
}
