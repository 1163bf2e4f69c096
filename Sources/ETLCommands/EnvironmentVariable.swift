import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// An environment variable a command reads, as its `--help` names it.
package struct EnvironmentVariable: Sendable, Equatable {
    package let name: String
    package let help: String

    package init(_ name: String, _ help: String) {
        self.name = name
        self.help = help
    }

    /// The sources' credentials (`SourceCredential` reads them); only the
    /// source that needs one looks.
    package static let credentials: [EnvironmentVariable] = SourceRegistry.all.flatMap { source in
        source.credentials.map { EnvironmentVariable($0.name, $0.help) }
    }

    /// What libcurl reads on its own for every request.
    package static let proxies: [EnvironmentVariable] = [
        EnvironmentVariable("https_proxy", "Proxy for https URLs (also HTTPS_PROXY; http_proxy for http URLs)."),
        EnvironmentVariable("ALL_PROXY", "Proxy for any URL without its own."),
        EnvironmentVariable("NO_PROXY", "Hosts to reach directly, comma-separated."),
    ]
}
