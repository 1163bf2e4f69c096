/// An `etl images` run's figures, as printed at the end (`--json` too).
public struct ImageSummary: Sendable, Equatable, Codable {
    public var status: CrawlSummary.Status = .completed
    /// `paged` (the works the page files hold) or `all` (every kept work).
    public var mode = "paged"
    /// The image folder.
    public var directory = ""
    /// Pictures already there for the same URL: no request made.
    public var cached = 0
    public var downloaded = 0
    /// Pictures already there decoded again for missing or stale facts
    /// (thumbnail, placeholder, colour, hash): no request made.
    public var decodedAgain = 0
    /// Bytes of the downloaded pictures.
    public var bytes = 0
    public var failed = 0
    /// Failures of this run by ``ImageFailure`` raw value.
    public var failures: [String: Int] = [:]
    /// Works whose image failed in an earlier run, not tried (`--retry-failed` tries them).
    public var skippedFailed = 0
    /// Kept works without any image URL.
    public var withoutURL = 0
    /// Downloads left for the next run (stopped early).
    public var remaining = 0
    /// Leftovers of killed runs deleted before starting: temporary files,
    /// and pictures no catalog row vouched for.
    public var removedTemporary = 0
    public var removedOrphans = 0
    public var requests = 0
    /// Confirmed blocks.
    public var blocks = 0
    /// Refused answers, noise included.
    public var refusals = 0
    /// Suspected blocks a probe dismissed as noise.
    public var noise = 0
    public var retries = 0
    public var durationSeconds = 0.0
    public var achievedRate = 0.0
    public var error: String?

    public init() {}

    /// Counts one finished image.
    mutating func count(_ result: ImageResult, retries: Int) {
        self.retries += retries
        switch result.outcome {
        case .saved(let file):
            downloaded += 1
            bytes += file.bytes
        case .failed(let failure, _):
            failed += 1
            failures[failure.rawValue, default: 0] += 1
        }
    }
}
