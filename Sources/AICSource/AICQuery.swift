import ETLCore
import SourceKit

/// What `etl crawl --source aic` asks for beyond the defaults.
package struct AICQuery: Sendable, Equatable {
    /// `--image-width`: the width of the IIIF picture URLs (`/full/843,/0/default.jpg`).
    package var imageWidth = 843

    package init() {}

    /// The query as kept in a crawl's ``CrawlOptions/sourceSettings``.
    package init(settings: [String: String]) {
        self.init()
        imageWidth = settings[Self.key("image-width")].flatMap(Int.init) ?? imageWidth
    }

    /// Keeps the query in `settings`, where ``init(settings:)`` reads it.
    package func store(in settings: inout [String: String]) {
        settings[Self.key("image-width")] = imageWidth == AICQuery().imageWidth ? nil : String(imageWidth)
    }

    private static func key(_ name: String) -> String { SourceOption.key(name, of: AICSource.name) }

    /// Widths a IIIF server is asked for: 843 is what AIC asks apps to use;
    /// wider ones are served for public-domain works.
    static let widths = 1...3_000

    static let options: [SourceOption] = [
        SourceOption(
            "image-width", "pixels", "AIC: the width of the IIIF picture URLs (843 is what the museum asks apps to use).",
            source: AICSource.name, defaultValue: String(AICQuery().imageWidth), parse: width),
    ]

    @Sendable static func width(_ text: String) throws -> String {
        guard text.allSatisfy(\.isASCII), let width = Int(text), widths.contains(width) else {
            throw InvalidValue(expected: "a width in pixels from \(widths.lowerBound) to \(widths.upperBound), e.g. 843")
        }
        return String(width)
    }
}

extension CrawlOptions {
    /// `--source aic`: the picture width.
    package var aic: AICQuery {
        get { AICQuery(settings: sourceSettings) }
        set { newValue.store(in: &sourceSettings) }
    }
}
