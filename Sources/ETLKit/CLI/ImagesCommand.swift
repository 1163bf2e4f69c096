/// `etl images`: download and verify the pictures of the paged works.
enum ImagesCommand {
    static let spec = CommandSpec(
        name: "images",
        abstract: "Download and verify the pictures of the paged works.",
        discussion: """
            Fetches primaryImageSmall (else primaryImage) of each work the page files
            hold (--all: every kept work) into --dir as <objectID>.jpg|png|webp|gif,
            with the crawl's pacing, retries and block cooldowns. Only real images are
            kept (checked by their bytes and content type); each is written atomically
            and its size and SHA-256 recorded. A picture already there for the same URL
            is not fetched again. Failures are recorded and skipped by later runs until
            --retry-failed; when one fails, the next work in page order takes its place,
            so 'etl pages --require-image' can fill the pages. Stop any time: the next
            run resumes.
            """,
        options: [
            SharedOptions.catalog,
            .value("dir", "dir", "Where the pictures go.", default: "data/images"),
            .flag("all", "Every kept work, not only the paged ones."),
            .flag("retry-failed", "Try again the images that failed in earlier runs."),
            .value(
                "image-hosts", "host,…",
                "Also fetch pictures from these hosts; others fail as invalid_url, unfetched.",
                default: ImageHosts.met.joined(separator: ",")),
            crawlOption("concurrency"),
            crawlOption("rate"),
            crawlOption("rate-start"),
            crawlOption("rate-max"),
            crawlOption("cooldown"),
            .value("max-attempts", "n", "Answers per image per run (retries and blocks) before it fails.", default: "5"),
            crawlOption("timeout"),
            crawlOption("max-requests"),
            crawlOption("max-duration"),
            crawlOption("user-agent"),
            crawlOption("quiet"),
            crawlOption("json"),
        ])

    /// The crawl's entry for an option both commands share, so help and
    /// defaults cannot drift apart.
    private static func crawlOption(_ name: String) -> OptionSpec {
        guard let option = CrawlCommand.spec.option(named: name) else {
            preconditionFailure("etl crawl has no --\(name)")
        }
        return option
    }

    static func command(from options: ParsedOptions) throws -> ETLCommand {
        // The shared options are validated by the crawl's own parser (the
        // options this table lacks read as absent there), so both commands
        // accept and reject exactly the same values with the same messages.
        guard case .crawl(let crawl, let output) = try CrawlCommand.command(from: options) else {
            preconditionFailure("CrawlCommand.command returned another command")
        }
        var images = ImageOptions(pacing: crawl)
        images.directory = try options.path("dir") ?? images.directory
        images.isAll = options.isSet("all")
        images.retryFailed = options.isSet("retry-failed")
        if let text = options.string("image-hosts") {
            guard let hosts = ImageHosts.parse(text) else {
                throw options.invalid("image-hosts", text, "host names separated by commas, e.g. images.metmuseum.org")
            }
            images.imageHosts.widen(with: hosts)
        }
        return .images(images, output)
    }
}
