import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

extension SharedOptions {
    /// `--api`, checked and kept without a trailing slash.
    package static func api<Options>(
        _ keyPath: WritableKeyPath<Options, String> & Sendable, _ help: String,
        perSource: (@Sendable (SourceName) -> String?)? = nil
    ) -> Option<Options> {
        .custom("api", "url", help, keyPath, parse: apiURL, show: { $0 }, perSource: perSource)
    }

    /// An http(s) URL with a host and nothing etl would have to drop or
    /// could leak: no user info (a password would reach logs and `runs`),
    /// no query (credentials come from the environment) and no fragment
    /// (etl appends paths and queries to it). The value is not echoed back
    /// when it may hold a secret.
    @Sendable package static func apiURL(_ text: String) throws -> String {
        guard let parts = URLComponents(string: text), ["http", "https"].contains(parts.scheme?.lowercased() ?? ""),
              let host = parts.host, !host.isEmpty
        else {
            let secretive = text.contains("@") || text.contains("?")
            throw InvalidValue(expected: "an http:// or https:// URL with a host", mayHoldSecret: secretive)
        }
        if parts.user != nil || parts.password != nil {
            throw InvalidValue(
                expected: "a URL without user info (user:password@); etl never stores a password, so pass none in --api",
                mayHoldSecret: true)
        }
        if parts.query != nil {
            throw InvalidValue(
                expected: "a base URL without a query ('?…'); etl adds its own, and reads API keys from the environment",
                mayHoldSecret: true)
        }
        if parts.fragment != nil {
            throw InvalidValue(expected: "a base URL without a fragment ('#…'), which would cut off what etl appends", mayHoldSecret: true)
        }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
