import Basics
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
        // A query value like any other: a key with `/`, `:` or `;` is sent
        // encoded (the masking below knows that spelling too).
        let encoded = PercentEncoding.encoded(value, keeping: .queryValue)
        let signed = url + (url.contains("?") ? "&" : "?") + "\(parameter)=\(encoded)"
        do {
            return try await base.get(signed)
        } catch let error as HTTPError {
            throw error.hiding(signed, as: url, secrets: [value, encoded])
        }
    }
}
