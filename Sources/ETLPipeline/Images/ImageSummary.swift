import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// An `etl images` run's figures, as printed at the end (`--json` too).
package struct ImageSummary: Sendable, Equatable, Codable {
    package var status: CrawlSummary.Status = .completed
    /// `paged` (the works the page files hold) or `all` (every kept work).
    package var mode = "paged"
    /// The image folder.
    package var directory = ""
    /// Pictures already there for the same URL: no request made.
    package var cached = 0
    package var downloaded = 0
    /// Pictures already there decoded again for missing or stale facts
    /// (thumbnail, placeholder, colour, hash): no request made.
    package var decodedAgain = 0
    /// Bytes of the downloaded pictures.
    package var bytes = 0
    package var failed = 0
    /// Failures of this run by ``ImageFailure`` raw value.
    package var failures: [String: Int] = [:]
    /// Works whose image failed in an earlier run, not tried (`--retry-failed` tries them).
    package var skippedFailed = 0
    /// Kept works without any image URL.
    package var withoutURL = 0
    /// Downloads left for the next run (stopped early).
    package var remaining = 0
    /// Leftovers of killed runs deleted before starting: temporary files,
    /// and pictures no catalog row vouched for.
    package var removedTemporary = 0
    package var removedOrphans = 0
    package var requests = 0
    /// Confirmed blocks.
    package var blocks = 0
    /// Refused answers, noise included.
    package var refusals = 0
    /// Suspected blocks a probe dismissed as noise.
    package var noise = 0
    package var retries = 0
    package var durationSeconds = 0.0
    package var achievedRate = 0.0
    package var error: String?
    /// What stopped the run when it failed, for its exit code (a full disk
    /// is 74, as for every output); not part of the printed summary.
    package var failure: Stop?

    /// The errors that stop a run as a whole.
    package enum Stop: Equatable, Sendable {
        case image(ImageError)
        case output(OutputError)

        package var error: any Error {
            switch self {
            case .image(let error): error
            case .output(let error): error
            }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case status, mode, directory, cached, downloaded, decodedAgain, bytes, failed, failures, skippedFailed, withoutURL, remaining, removedTemporary, removedOrphans, requests, blocks, refusals, noise, retries, durationSeconds, achievedRate, error
    }

    package init() {}

    /// Counts one finished image.
    package mutating func count(_ result: ImageResult, retries: Int) {
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
