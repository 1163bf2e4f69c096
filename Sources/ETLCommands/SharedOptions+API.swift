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
        // What curl would refuse only when the run asks its first request
        // (a catalog made by then): a port out of range, a space or a control character.
        if let port = parts.port, !(1...65_535).contains(port) {
            throw InvalidValue(expected: "a URL whose port is from 1 to 65535", mayHoldSecret: text.contains("@"))
        }
        if text.unicodeScalars.contains(where: { $0 == " " || TerminalText.isUnsafe($0) }) {
            throw InvalidValue(expected: "a URL without spaces or control characters (percent-encode them)", mayHoldSecret: text.contains("@"))
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
