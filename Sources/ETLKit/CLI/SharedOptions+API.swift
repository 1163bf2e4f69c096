import Foundation

extension SharedOptions {
    /// `--api`, checked and kept without a trailing slash.
    static func api<Options>(
        _ keyPath: WritableKeyPath<Options, String> & Sendable, _ help: String,
        perSource: (@Sendable (SourceName) -> String?)? = nil
    ) -> Option<Options> {
        .custom("api", "url", help, keyPath, parse: apiURL, show: { $0 }, perSource: perSource)
    }

    @Sendable static func apiURL(_ text: String) throws -> String {
        guard let parts = URLComponents(string: text), ["http", "https"].contains(parts.scheme?.lowercased() ?? ""),
              let host = parts.host, !host.isEmpty, parts.query == nil
        else {
            throw InvalidValue(expected: "an http:// or https:// URL")
        }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
