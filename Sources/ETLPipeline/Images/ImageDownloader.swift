import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// Runs one `etl images`: lock, tidy the folders, decode again the pictures
/// on disk whose facts are missing, plan, download and decode, record.
///
///     let downloader = ImageDownloader(options: options, client: try CurlClient(...), reporter: reporter, stop: stop)
///     let summary = try await downloader.run()
package struct ImageDownloader: Sendable {
    package let options: ImageOptions
    package let client: any HTTPClient
    package let reporter: any CrawlReporter
    package let stop: StopSignal

    package init(options: ImageOptions, client: any HTTPClient, reporter: any CrawlReporter = SilentReporter(), stop: StopSignal = StopSignal()) {
        self.options = options
        self.client = client
        self.reporter = reporter
        self.stop = stop
    }

    /// A client suited to pictures: the options' User-Agent and timeout, and
    /// a body limit above the API's 10 MB, as originals can be larger.
    package static func makeClient(for options: ImageOptions) throws -> CurlClient {
        try CurlClient(configuration: .init(
            userAgent: options.userAgent, timeout: options.pacing.timeout, maxBodyBytes: options.maxBodyBytes))
    }

    package func run() async throws -> ImageSummary {
        // Its own lock: pictures come from other hosts than the crawl's API,
        // so an image run may go on while the catalog is being crawled.
        let lock = try CatalogLock.existing(catalogPath: options.catalogPath, purpose: .images)
        defer { withExtendedLifetime(lock) {} }
        let directory = ImageDirectory(path: options.directory)
        let catalog = try Catalog.openSource(
            path: options.catalogPath, create: false, requiring: options.source, checking: { _ in try directory.checkWritable() })
        try directory.create()
        let startedAt = Date()
        // The run's time counts from here: tidying and decoding again are part of it.
        let runStart = ContinuousFetchClock().now
        var summary = ImageSummary()
        summary.mode = options.isAll ? "all" : "paged"
        summary.directory = directory.path

        var settings = options.pictures
        settings.limits.maxBytes = options.maxBodyBytes
        let maker = PictureMaker(directory: directory, settings: settings)
        try maker.thumbs.create()
        let sweep = try directory.removeLeftovers(keeping: try catalog.imageFiles())
        let thumbSweep = try maker.thumbs.removeLeftovers(keeping: try catalog.thumbFiles())
        summary.removedTemporary = sweep.temporary + thumbSweep.temporary
        summary.removedOrphans = sweep.orphans + thumbSweep.orphans
        try catalog.setSetting(Catalog.imageDirectoryKey, to: directory.path)
        var candidates = try catalog.imageCandidates()
        let refresh = PictureRefresh(catalog: catalog, directory: directory, maker: maker, stop: stop)
        let revision = try catalog.setting(Catalog.thumbnailRevisionKey).flatMap { Int($0) } ?? 0
        let due = refresh.due(candidates, remakingAll: revision < PictureMaker.thumbnailRevision)
        if !due.isEmpty {
            let tally = try await refresh.run(due)
            summary.decodedAgain = tally.decoded
            for (failure, count) in tally.failures {
                summary.failed += count
                summary.failures[failure.rawValue, default: 0] += count
            }
            candidates = try catalog.imageCandidates()
        }
        // Only once every due picture was made again: a stopped run leaves
        // the revision where it was, and the next run makes them all again.
        if revision < PictureMaker.thumbnailRevision, !stop.isRequested {
            try catalog.setSetting(Catalog.thumbnailRevisionKey, to: String(PictureMaker.thumbnailRevision))
        }
        var plan = ImagePlan(
            candidates: candidates, layout: try PagesBuilder.recordedLayout(in: catalog) ?? PageLayout(),
            isAll: options.isAll, retryFailed: options.retryFailed, directory: directory)
        let refused = plan.refuseDisallowedHosts(options.imageHosts.forSource(options.source), at: Date())
        try catalog.recordImages(refused)
        for result in refused { summary.count(result, retries: 0) }
        summary.skippedFailed = plan.skippedFailed
        summary.withoutURL = plan.withoutURL
        reporter.crawl(didReport: .planned(mode: "images", listed: nil, changes: nil, queued: plan.plannedDownloads))

        let pacing = options.pacing
        // The picture hosts' memory; the first thousand entries name them.
        var run = PacedRun(
            catalog: catalog, kind: .images, runID: nil, urls: plan.entries.prefix(1_000).map(\.url), pacing: pacing, stop: stop,
            telemetrySeconds: options.telemetrySeconds, startedAt: startedAt, runStart: runStart)
        let pacer = run.pacer
        let fetcher = Fetcher(
            kind: ImageRequest(directory: directory, maker: maker), client: client, pacer: pacer,
            maxAttempts: pacing.maxAttempts, seed: pacing.jitterSeed)
        let loop = ImageLoop(
            catalog: catalog, directory: directory, maker: maker, reporter: reporter,
            loop: FetchLoop(fetcher: fetcher, concurrency: pacing.concurrency))
        do {
            summary.status = try await loop.run(plan: plan, summary: &summary, minutes: &run.minutes)
        } catch let error where error is ImageError || error is OutputError {
            summary.status = .failed
            summary.error = String(describing: error)
            summary.failure = (error as? ImageError).map { .image($0) } ?? (error as? OutputError).map { .output($0) }
        }
        // The minutes so far are kept; a finish after the loop's is a no-op.
        let figures = await run.finish()
        (summary.requests, summary.blocks, summary.refusals, summary.noise) = (figures.requests, figures.blocks, figures.refusals, figures.noise)
        (summary.durationSeconds, summary.achievedRate) = (figures.durationSeconds, figures.achievedRate)
        return summary
    }
}
