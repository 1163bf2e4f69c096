import AICSource
import CMASource
import ETLCore
import FetchEngine
import FlickrSource
import MetSource
import SourceKit
import TMDBSource

/// The one table of sources. Adding a source is its own target
/// (`Sources/<Name>Source`, implementing ``Source``) and one line here;
/// nothing above this target names a source.
package enum SourceRegistry {
    /// Every source, in `--help`'s order. The first is the default
    /// `--source`, keeps the paths etl always used, and holds a catalog
    /// from before sources existed.
    package static let all: [any Source] = [
        MetSource(),
        FlickrSource(),
        TMDBSource(),
        AICSource(),
        CMASource(),
    ]

    package static var first: any Source { all[0] }

    /// Every rejection reason a catalog ranks: the shared ones and each
    /// source's own, placed by ``ReasonVocabulary``.
    package static let reasons = ReasonVocabulary(sources: all.map { ($0.name, $0.reasons) })

    package static var names: [SourceName] { all.map(\.name) }

    /// The source called `name`, or nil.
    package static func source(named name: SourceName) -> (any Source)? {
        all.first { $0.name == name }
    }

    /// The source called `name`, which must be registered: every
    /// ``SourceName`` above this target comes from ``names``, the command
    /// line (checked against them) or a catalog (checked on open).
    package static func source(_ name: SourceName) -> any Source {
        guard let source = source(named: name) else { preconditionFailure("unregistered source \(name)") }
        return source
    }
}

extension SourceName {
    /// The registered source of this name.
    package var source: any Source { SourceRegistry.source(self) }
    package var defaultCatalogPath: String { source.defaults.catalogPath }
    package var defaultOutDirectory: String { source.defaults.outDirectory }
    package var defaultImageDirectory: String { source.defaults.imageDirectory }
    package var defaultAPI: String { source.defaults.api }
    package var imageHost: String { source.defaults.imageHost }
    package var defaultRate: RateSetting? { source.defaults.rate }
    package var defaultRateMax: Double? { source.defaults.rateMax }
    package var defaultMaxWithdrawPercent: Double? { source.defaults.maxWithdrawPercent }
    package var defaultUserAgent: String { source.defaults.userAgent }
}

extension CrawlOptions {
    /// The options of a crawl of the first source, with its defaults.
    package init() {
        self.init(source: SourceRegistry.first.name, defaults: SourceRegistry.first.defaults)
    }

    /// The options of a crawl of `source`, with its defaults.
    package init(source: SourceName) {
        self.init(source: source, defaults: SourceRegistry.source(source).defaults)
    }
}
