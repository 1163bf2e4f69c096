import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// The hosts `etl images` may fetch from.
///
/// Image URLs come from the API's records, so a damaged or hostile record
/// could point anywhere (`http://169.254.169.254/latest/meta-data/`, a
/// service on the LAN). Only the source's own image hosts are fetched by
/// default; `--image-hosts` adds more. A URL elsewhere is recorded as an
/// `invalid_url` failure and never connected to.
package struct ImageHosts: Sendable, Equatable {
    /// Lowercased host names, without ports.
    package private(set) var names: Set<String>
    /// What `--image-hosts` added to the source's own.
    private var added: Set<String> = []

    package init(_ names: [String] = [SourceRegistry.first.defaults.imageHost]) {
        self.names = Set(names.map { $0.lowercased() })
    }

    /// Adds `--image-hosts` to the defaults.
    package mutating func widen(with hosts: [String]) {
        added.formUnion(hosts.map { $0.lowercased() })
        names.formUnion(added)
    }

    /// The hosts for a catalog of `source`: its own image host and what
    /// `--image-hosts` added.
    package func forSource(_ source: SourceName) -> ImageHosts {
        var hosts = ImageHosts([source.imageHost])
        hosts.widen(with: Array(added))
        return hosts
    }

    /// Why `url` may not be fetched, or nil when it may.
    package func problem(with url: String) -> String? {
        guard let host = Self.host(of: url) else {
            return "not an http:// or https:// URL with a plain host name"
        }
        guard names.contains(host) else {
            return "host '\(host)' is not an image host of the source (\(names.sorted().joined(separator: ", "))); "
                + "add it with --image-hosts and run with --retry-failed"
        }
        return nil
    }

    /// The lowercased host of an http(s) URL; nil for anything else, or an
    /// authority with characters a host name cannot have (a backslash, a
    /// space, a percent sign), which URL parsers disagree about.
    package static func host(of url: String) -> String? {
        let lower = url.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = lower.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = lower.dropFirst(7)
        } else {
            return nil
        }
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // Parsers disagree on a backslash (some read it as a slash): refuse it.
        guard !authority.contains("\\") else { return nil }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host: Substring
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[...close]
        } else {
            host = authority.prefix { $0 != ":" }
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-[]:")
        guard !host.isEmpty, host.allSatisfy(allowed.contains) else { return nil }
        while host.hasSuffix(".") { host = host.dropLast() }
        return String(host)
    }

    /// `scheme://host:port` of an http(s) URL, lowercased, the port made
    /// explicit: what is reachable or not. A trailing dot is kept
    /// (`127.0.0.1.` is a name to look up, `127.0.0.1` an address). Nil for
    /// a URL ``host(of:)`` refuses.
    package static func origin(of url: String) -> String? {
        guard host(of: url) != nil else { return nil }
        let lower = url.lowercased()
        let isSecure = lower.hasPrefix("https://")
        var authority = lower.dropFirst(isSecure ? 8 : 7).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let port = authority.hasPrefix("[") ? authority.contains("]:") : authority.contains(":")
        return (isSecure ? "https://" : "http://") + authority + (port ? "" : isSecure ? ":443" : ":80")
    }

    /// Parses `--image-hosts a.example,b.example`.
    package static func parse(_ text: String) -> [String]? {
        let hosts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !hosts.isEmpty, hosts.allSatisfy({ !$0.isEmpty && host(of: "http://" + $0 + "/") == $0.lowercased() }) else {
            return nil
        }
        return hosts
    }
}
