import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// The works one `etl images` run walks, in page order, and how far.
///
/// Without `--all` the run aims at the works the page files hold: the
/// first `target` works of the last pages layout that can have a picture.
/// Works whose image failed earlier (same URL, no `--retry-failed`) are
/// skipped, and when an image fails during the run the next work in page
/// order takes its place, so `etl pages --require-image` with that layout
/// finds full pages. With `--all` every kept work is walked. A picture whose
/// host was unreachable is tried again (the host may be back).
package struct ImagePlan: Sendable {
    package struct Entry: Sendable {
        package var objectID: Int
        package var url: String
        /// A good row for this URL and its file on disk with the recorded size.
        package var isCached: Bool
        /// The file of an earlier row, replaced or removed by this run.
        package var previousFile: String?
    }

    /// Eligible works in walking order.
    package var entries: [Entry] = []
    /// How many pictures to hold (cached ones count); nil with `--all`.
    package var target: Int?
    /// Works skipped because their image failed earlier.
    package var skippedFailed = 0
    /// Kept works with no image URL at all.
    package var withoutURL = 0

    /// Takes out the uncached entries whose URL `hosts` does not allow and
    /// returns them as failures to record: they are never requested, and
    /// the next work in page order takes their place.
    package mutating func refuseDisallowedHosts(_ hosts: ImageHosts, at date: Date) -> [ImageResult] {
        var refused: [ImageResult] = []
        entries.removeAll { entry in
            guard !entry.isCached, let problem = hosts.problem(with: entry.url) else { return false }
            refused.append(ImageResult(
                objectID: entry.objectID, url: entry.url, outcome: .failed(.invalidURL, reason: problem),
                httpStatus: nil, contentType: nil, fetchedAt: date, attempts: 0, previousFile: entry.previousFile))
            return true
        }
        return refused
    }

    /// Downloads the walk needs if none fails: the uncached entries up to the target.
    package var plannedDownloads: Int {
        var filled = 0
        var downloads = 0
        for entry in entries {
            if let target, filled >= target { break }
            filled += 1
            if !entry.isCached { downloads += 1 }
        }
        return downloads
    }

    /// Builds the plan from the catalog's kept works.
    package init(candidates: [Catalog.ImageCandidate], layout: PageLayout, isAll: Bool, retryFailed: Bool, directory: ImageDirectory) {
        target = isAll ? nil : layout.pageCount * layout.pageSize
        var byID: [Int: Entry] = [:]
        for candidate in candidates {
            guard let url = candidate.url else {
                withoutURL += 1
                continue
            }
            let sameURL = candidate.cachedURL == url
            if candidate.state == .failed, sameURL, !retryFailed, candidate.failure?.isVerdict ?? true {
                skippedFailed += 1
                continue
            }
            var isCached = false
            if candidate.state == .ok, sameURL, let file = candidate.file, let bytes = candidate.bytes {
                isCached = directory.size(of: file) == bytes
            }
            byID[candidate.objectID] = Entry(
                objectID: candidate.objectID, url: url, isCached: isCached, previousFile: candidate.file)
        }
        entries = layout.orderedIDs(Array(byID.keys)).compactMap { byID[$0] }
    }
}
