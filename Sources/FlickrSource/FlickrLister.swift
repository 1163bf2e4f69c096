import Basics
import ETLCore
import FetchEngine
import SourceKit

/// Lists every photo of a search. Flickr serves only the first 4,000
/// results of a query (later pages repeat earlier photos), so a query with
/// more is split into upload-date windows, halved until each holds at most
/// 4,000 (on a fixed grid of seconds, so the same photos give the same
/// windows whatever the day). Sorting by upload date, oldest first, within windows that end
/// before the run started keeps pages stable while photos are uploaded.
package struct FlickrLister: PagedListing {
    package static let perPage = 500
    package static let extras = "owner_name,license,date_upload,date_taken,url_m"

    /// Results Flickr serves of one query.
    package let depth = 4_000
    package let api: String
    package let query: FlickrQuery
    /// The newest upload date asked for: the run's start.
    package let until: Int
    /// Windows are the cells of a fixed binary grid of seconds (the root
    /// spans 0 up to the first power of two past the run's start), cut at
    /// the run's start: where a split falls depends on the photos, not on
    /// the day, so the same photos give the same windows.
    package let firstWindow: Window

    /// A cell of the grid: `size` seconds from `from`.
    package struct Window: Sendable, Equatable {
        package var from: Int
        package var size: Int
    }

    package init(_ context: ListingContext) {
        api = context.options.api
        query = context.options[settings: FlickrQuery.self]
        until = Int(context.startedAt.timeIntervalSince1970)
        var rootSize = 1
        while rootSize <= until { rootSize <<= 1 }
        firstWindow = Window(from: 0, size: rootSize)
    }

    /// The upload dates of `window`: none past the run's start.
    package func dates(of window: Window) -> ClosedRange<Int> { window.from...min(window.from + window.size - 1, until) }

    package mutating func open(_ window: Window, first: JSONRecordsPage) throws -> WindowOpening<Window> {
        let dates = dates(of: window)
        guard first.total > depth else { return .read(whole: true) }
        if dates.lowerBound < dates.upperBound {
            let half = window.size / 2
            // Oldest first: the later half waits (none past the run's start).
            let later = window.from + half <= until ? [Window(from: window.from + half, size: half)] : []
            return .split([Window(from: window.from, size: half)] + later)
        }
        // One second with more than 4,000 matches: its first 4,000 are
        // listed, the rest cannot be (the pager counts them), so nothing is
        // withdrawn. An API that ignores the upload dates looks the same,
        // and would have every window split down to a second: its photos
        // fall outside the window, which ends the run.
        if first.records.contains(where: { !Self.isUploaded($0, within: dates) }) { throw Self.ignoresUploadDates(api: api) }
        return .read(whole: false)
    }

    /// The first window is the whole search: its total is the listing's.
    package func announced(_ first: JSONRecordsPage, at spot: PageSpot<Window>) -> Int? {
        spot.window == firstWindow && spot.read == 1 ? first.total : nil
    }

    package func items(of page: JSONRecordsPage, at spot: PageSpot<Window>) -> [ListedItem?] {
        page.records.map { FlickrPhoto.item(from: $0, query: query) }
    }

    package static func isUploaded(_ photo: JSONValue, within dates: ClosedRange<Int>) -> Bool {
        guard let second = JSONRecordsPage.count(photo["dateupload"]) else { return true }
        return dates.contains(second)
    }

    /// `flickr.photos.search`, one page: `{"photos": {"page", "pages",
    /// "perpage", "total", "photo": […]}, "stat": "ok"}`. The total comes as
    /// a number or a string; the page count follows from it (`pages` is not
    /// trusted). Errors come as HTTP 200 with `stat: fail`, so the status alone says little.
    package static let request = JSONPageRequest<JSONRecordsPage>(
        noun: "photos", records: PageRecords("photos", "photo", limit: perPage), early: [200],
        decode: { $0["stat"]?.string == "ok" ? JSONRecordsPage(
            $0, at: "photos", records: "photo", total: "total", perPage: "perpage", digits: true) : nil },
        errors: errors)

    /// Code 100 is a wrong key; 10 (search unavailable) and 105 (service
    /// unavailable) pass; any other code is one retrying cannot help (3: no search terms …).
    package static let errors = APIErrorShape(
        api: "Flickr", code: "code", message: "message", marker: ("stat", "fail"),
        credential: .init("the API key", check: "FLICKR_API_KEY"), refusedCodes: [100], retriedCodes: [10, 105])

    /// Photos outside the upload-date window asked for: the API (`--api`)
    /// ignores `min_upload_date`, so no window can split a large result.
    package static func ignoresUploadDates(api: String) -> SourceAPIError {
        SourceAPIError(api: api, message: "photos outside the upload dates asked for; it ignores min_upload_date, "
            + "so more than 4,000 results cannot be listed; nothing was withdrawn")
    }

    /// The page's URL, without the key (added by ``CredentialClient``).
    package func url(page: Int, of window: Window) -> String {
        let dates = dates(of: window)
        return PercentEncoding.url(api, "/", [
            "method": "flickr.photos.search", "text": query.text, "tags": query.tags, "license": query.license,
            "min_upload_date": String(dates.lowerBound), "max_upload_date": String(dates.upperBound), "sort": "date-posted-asc",
            "extras": Self.extras, "per_page": String(Self.perPage), "page": String(page), "format": "json", "nojsoncallback": "1",
        ])
    }
}
