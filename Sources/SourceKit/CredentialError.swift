import ETLCore
import FetchEngine
import Store

/// A credential that is absent or unusable. The messages name the
/// variable, never its value.
package enum CredentialError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `help` says where to get one.
    case missing(source: SourceName, variables: [String], help: String)
    case malformed(variable: String)

    package var description: String {
        switch self {
        case .missing(let source, let variables, let help):
            let names = variables.joined(separator: " or ")
            return "--source \(source.rawValue) needs an API credential in \(names); \(help)"
        case .malformed(let variable):
            return "\(variable) is shorter than \(SourceCredential.minimumLength) characters or holds spaces or control characters; expected the key as issued (printable ASCII)"
        }
    }
}
