import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// `etl images`: download and verify the pictures of the paged works.
package enum ImagesCommand {
    package static let command = Command<OptionsWithOutput<ImageOptions>>(
        name: "images",
        abstract: "Download and verify the pictures of the paged works.",
        discussion: """
            Fetches primaryImageSmall (else primaryImage) of each work the page files
            hold (--all: every kept work) into --dir as <objectID>.jpg|png|webp|gif,
            with the crawl's pacing, retries and block cooldowns. Only real images are
            kept (checked by their bytes and content type, then decoded in full within
            the size limits); each is written atomically with a thumbnail in --dir/thumbs,
            and its size, SHA-256, ThumbHash placeholder, average colour and difference
            hash recorded. A picture already there for the same URL
            is not fetched again. Failures are recorded and skipped by later runs until
            --retry-failed; when one fails, the next work in page order takes its place,
            so 'etl pages --require-image' can fill the pages. Stop any time: the next
            run resumes.
            """,
        options: options.map { $0.scoped(to: \.options) } + SharedOptions.output.map { $0.scoped(to: \.output) },
        source: \.options.source,
        validate: { parsed, given in
            try SharedOptions.validate(parsed.options.pacing, given: given)
            try SharedOptions.checkFolder(parsed.options.directory, option: "dir", catalogPath: parsed.options.catalogPath)
        },
        makeCommand: { .images($0.options, $0.output) }
    ).reading(EnvironmentVariable.proxies)

    package static let spec = command.spec

    /// The pacing options are the crawl's, so both commands accept and
    /// reject the same values with the same messages; only what one
    /// attempt is differs.
    package static let options: [Option<ImageOptions>] = [
        SharedOptions.source(\.source, "Picks the default catalog and image host."),
        SharedOptions.catalog(\.catalogPath),
        Option.path("dir", "dir", "Where the pictures go.", \.directory, perSource: \.defaultImageDirectory),
        Option.flag("all", "Every kept work, not only the paged ones.", \.isAll),
        Option.flag("retry-failed", "Try again the images that failed in earlier runs.", \.retryFailed),
        Option.integer(
            "thumb-size", "px", "Longest side of the thumbnails in <dir>/thumbs; smaller pictures keep theirs.",
            \.pictures.thumbSize, in: 16...4_096),
        Option.choice("thumb-format", "The thumbnails' encoding.", \.pictures.thumbFormat),
        Option.custom(
            "image-hosts", "host,…", "Also fetch pictures from these hosts; others fail as invalid_url, unfetched.",
            \.imageHosts, update: widen, show: { $0.names.sorted().joined(separator: ",") },
            perSource: { ImageHosts([$0.imageHost]) }),
    ] + [
        SharedOptions.concurrency,
        SharedOptions.rate(),
        SharedOptions.rateStart,
        SharedOptions.rateMax(),
        SharedOptions.cooldown,
        SharedOptions.maxAttempts("Answers per image per run (retries and blocks) before it fails."),
        SharedOptions.timeout,
        SharedOptions.maxRequests,
        SharedOptions.maxDuration,
    ].map { $0.scoped(to: \.pacing) } + [
        SharedOptions.userAgent(\.userAgent),
    ]

    /// `--image-hosts a,b` adds to the source's own host.
    @Sendable package static func widen(_ hosts: inout ImageHosts, with text: String) throws {
        guard let added = ImageHosts.parse(text) else {
            throw InvalidValue(expected: "host names separated by commas, e.g. images.metmuseum.org")
        }
        hosts.widen(with: added)
    }
}
