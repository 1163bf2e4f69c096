import Foundation

/// Adds an API key to every request as a query parameter and keeps it out
/// of everything that can be printed or stored: callers build and log URLs
/// without the key, and an error names the URL as the caller wrote it.
///
///     let client = CredentialClient(base: curl, parameter: "api_key", value: key)
public struct CredentialClient: HTTPClient {
    public let base: any HTTPClient
    public let parameter: String
    private let value: String

    public init(base: any HTTPClient, parameter: String, value: String) {
        self.base = base
        self.parameter = parameter
        self.value = value
    }

    public func get(_ url: String) async throws -> HTTPResponse {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        let encoded = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        let signed = url + (url.contains("?") ? "&" : "?") + "\(parameter)=\(encoded)"
        do {
            return try await base.get(signed)
        } catch let error as HTTPError {
            throw error.hiding(signed, as: url, secrets: [value, encoded])
        }
    }
}

extension HTTPError {
    /// The same error with `signedURL` shown as `url` and any secret masked.
    public func hiding(_ signedURL: String, as url: String, secrets: [String]) -> HTTPError {
        func clean(_ text: String) -> String {
            var text = text.replacingOccurrences(of: signedURL, with: url)
            for secret in secrets where !secret.isEmpty { text = text.replacingOccurrences(of: secret, with: "***") }
            return text
        }
        switch self {
        case .invalidURL(let shown): return .invalidURL(clean(shown))
        case .cannotConnect(let shown, let reason): return .cannotConnect(url: clean(shown), reason: clean(reason))
        case .timedOut(let shown, let seconds): return .timedOut(url: clean(shown), seconds: seconds)
        case .connectionReset(let shown, let reason): return .connectionReset(url: clean(shown), reason: clean(reason))
        case .truncatedBody(let shown, let reason): return .truncatedBody(url: clean(shown), reason: clean(reason))
        case .bodyTooLarge(let shown, let limit): return .bodyTooLarge(url: clean(shown), limit: limit)
        case .transport(let shown, let reason): return .transport(url: clean(shown), reason: clean(reason))
        }
    }
}
