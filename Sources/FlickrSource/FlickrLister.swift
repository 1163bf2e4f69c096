import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit
import Store

/// Lists every photo of a search. Flickr serves only the first 4,000
/// results of a query (later pages repeat earlier photos), so a query with
/// more is split into upload-date windows, halved until each holds at most
/// 4,000 (on a fixed grid of seconds, so the same photos give the same
/// windows whatever the day). Sorting by upload date, oldest first, within windows that end
/// before the run started keeps pages stable while photos are uploaded.
package struct FlickrLister: Sendable {
    package static let reachable = 4_000
    package static let perPage = 500
    package static let extras = "owner_name,license,date_upload,date_taken,url_m"

    package let api: String
    package let query: FlickrQuery
    package let reader: PageReader<FlickrSearchRequest, FlickrSearchPage>
    /// The newest upload date asked for: the run's start.
    package let until: Int

    /// Reads of a window before its pages are taken as they are: a photo
    /// deleted (or made private) between two pages of a window moves every
    /// later one up a place, so one would be skipped.
    package static let maxReads = 3

    /// Windows searched, those whose pages never held still, and photos
    /// past the 4,000 Flickr serves of a single second.
    package struct Tally: Sendable, Equatable {
        package var windows = 0
        package var unsteady = 0
        package var unreachable = 0
    }

    /// Lists every window; the listing is complete (and may withdraw) only
    /// when every window was read whole and held still.
    package func list(into listing: inout SourceListing, tally: inout Tally) async throws {
        // Windows are the cells of a fixed binary grid of seconds (the
        // root spans 0 up to the first power of two past the run's start),
        // cut at the run's start: where a split falls depends on the
        // photos, not on the day, so the same photos give the same windows.
        var rootSize = 1
        while rootSize <= until { rootSize <<= 1 }
        var cells = [(from: 0, size: rootSize)]
        var isComplete = true
        while let cell = cells.popLast() {
            let window = (from: cell.from, to: min(cell.from + cell.size - 1, until))
            let first = try await read(window, page: 1)
            // The first window is the whole search: its total is the listing's.
            if cell.from == 0 && cell.size == rootSize { await reader.observer?.expect(fromLastPage: first.total) }
            if first.total > Self.reachable && window.from < window.to {
                let half = cell.size / 2
                // Oldest first: the later half waits underneath (none past the run's start).
                if cell.from + half <= until { cells.append((cell.from + half, half)) }
                cells.append((cell.from, half))
                continue
            }
            tally.windows += 1
            await reader.observer?.windowsOpened(tally.windows)
            if first.total > Self.reachable {
                // One second with more than 4,000 matches: its first 4,000
                // are listed, the rest cannot be, so nothing is withdrawn.
                // An API that ignores the upload dates looks the same, and
                // would have every window split down to a second: its
                // photos fall outside the window, which ends the run.
                if first.photos.contains(where: { !Self.isUploaded($0, within: window) }) {
                    throw FlickrError.ignoresUploadDates(api: api)
                }
                // Totals are the server's numbers: a hostile one saturates rather than traps.
                let (sum, overflow) = tally.unreachable.addingReportingOverflow(first.total - Self.reachable)
                tally.unreachable = overflow ? .max : sum
                isComplete = false
            }
            let (photos, isSteady) = try await readWhole(window, first: first)
            for photo in photos { listing.add(FlickrPhoto.item(from: photo, query: query)) }
            // A window read is final: stored now, so memory holds one window however many there are.
            try listing.flush()
            if !isSteady {
                tally.unsteady += 1
                isComplete = false
            }
        }
        listing.isComplete = isComplete
    }

    /// Every page of a window, read again while its pages disagree. A read
    /// holds still when every page gave page 1's total and the pages held
    /// that many photos, or when it returned the same photos, in the same
    /// order, as the read before (an index whose count is off by a few).
    /// A steady read replaces what earlier reads saw; without one, all of
    /// them are returned (and the caller withdraws nothing).
    private func readWhole(_ window: (from: Int, to: Int), first: FlickrSearchPage) async throws -> (photos: [JSONValue], isSteady: Bool) {
        var first = first
        var seen: [JSONValue] = []
        var previous: [JSONValue?]?
        for attempt in 1...Self.maxReads {
            if attempt > 1 { first = try await read(window, page: 1) }
            var photos = first.photos
            var agrees = true
            // The page count follows from the total and the page size: a missing `pages` cannot cut it short.
            // `perpage` is the server's number: rounded up without adding to it, so no value overflows.
            let perPage = max(1, first.perPage ?? Self.perPage)
            let reachable = min(first.total, Self.reachable)
            let pages = reachable / perPage + (reachable % perPage == 0 ? 0 : 1)
            if pages >= 2 {
                for page in 2...pages {
                    let body = try await read(window, page: page)
                    agrees = agrees && body.total == first.total
                    photos += body.photos
                }
            }
            let ids = photos.map { $0["id"] }
            if (agrees && photos.count == min(first.total, Self.reachable)) || ids == previous { return (photos, true) }
            previous = ids
            seen += photos
        }
        return (seen, false)
    }

    package static func isUploaded(_ photo: JSONValue, within window: (from: Int, to: Int)) -> Bool {
        guard let second = FlickrSearchPage.count(photo["dateupload"]) else { return true }
        return (window.from...window.to).contains(second)
    }

    private func read(_ window: (from: Int, to: Int), page: Int) async throws -> FlickrSearchPage {
        try await reader.read(.init(url: url(from: window.from, to: window.to, page: page)))
    }

    /// The page's URL, without the key.
    package func url(from: Int, to: Int, page: Int) -> String {
        var parameters = [("method", "flickr.photos.search")]
        if let text = query.text { parameters.append(("text", text)) }
        if let tags = query.tags { parameters.append(("tags", tags)) }
        if let license = query.license { parameters.append(("license", license)) }
        parameters += [
            ("min_upload_date", String(from)), ("max_upload_date", String(to)), ("sort", "date-posted-asc"),
            ("extras", Self.extras), ("per_page", String(Self.perPage)), ("page", String(page)),
            ("format", "json"), ("nojsoncallback", "1"),
        ]
        return "\(api)/?" + parameters.map { "\($0.0)=\(QueryValue.encoded($0.1))" }.joined(separator: "&")
    }
}
