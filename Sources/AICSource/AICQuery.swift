import ETLCore
import SourceKit

/// What `etl crawl --source aic` asks for beyond the defaults: the options ``settings`` declares.
package struct AICQuery: SourceSettings {
    /// The width of the IIIF picture URLs (`/full/843,/0/default.jpg`).
    package var imageWidth = 843
    package var contact: String?

    package init() {}

    package static let source = AICSource.name

    package static let settings: [SourceSetting<Self>] = [
        .option(
            \.contact, "contact", "address", "AIC: an e-mail address or URL sent in the AIC-User-Agent header, as the museum asks.",
            parse: contact),
        .option(
            \.imageWidth, "image-width", "pixels", "AIC: the width of the IIIF picture URLs (843 is what the museum asks apps to use).",
            parse: width),
    ]

    /// Widths a IIIF server is asked for: 843 is what AIC asks apps to use;
    /// wider ones are served for public-domain works.
    static let widths = 1...3_000

    /// The `AIC-User-Agent` header AIC asks API clients to send: the
    /// application, and who runs it when `--contact` says.
    package var userAgentHeader: String {
        "AIC-User-Agent: etl/\(ETLVersion.current)" + (contact.map { " (\($0))" } ?? "")
    }

    /// Printable ASCII without parentheses, so the header stays one well-formed line.
    @Sendable static func contact(_ text: String) throws -> String {
        guard !text.isEmpty, text.count <= 200,
              text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "(" && $0 != ")" })
        else {
            throw InvalidValue(expected: "an e-mail address or URL in printable ASCII without spaces, e.g. you@example.org")
        }
        return text
    }

    static let width = SourceOption.integer(in: widths, "a width in pixels", example: "843")
}
