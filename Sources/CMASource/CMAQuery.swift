import ETLCore
import SourceKit

/// What `etl crawl --source cma` asks for beyond the defaults: the options ``settings`` declares.
package struct CMAQuery: SourceSettings {
    /// The rendition kept: `web` (~1,000 px) or `print` (~3,400 px).
    package var picture = "web"

    package init() {}

    package static let source = CMASource.name

    package static let settings: [SourceSetting<Self>] = [
        .option(
            \.picture, "picture", "web|print", "CMA: the picture kept, web (~1,000 px) or print (~3,400 px).",
            parse: SourceOption.choice(["web", "print"])),
    ]
}
