import FetchEngine
import Foundation

/// Lists every photo of a search. Flickr serves only the first 4,000
/// results of a query (later pages repeat earlier photos), so a query with
/// more is split into upload-date windows, halved until each holds at most
/// 4,000. Sorting by upload date, oldest first, within windows that end
/// before the run started keeps pages stable while photos are uploaded.
struct FlickrLister: Sendable {
    static let reachable = 4_000
    static let perPage = 500
    static let extras = "owner_name,license,date_upload,date_taken,url_m"

    let api: String
    let query: FlickrQuery
    let reader: PageReader<FlickrSearchRequest, FlickrSearchPage>
    /// The newest upload date asked for: the run's start.
    let until: Int

    /// Reads of a window before its pages are taken as they are: a photo
    /// deleted (or made private) between two pages of a window moves every
    /// later one up a place, so one would be skipped.
    static let maxReads = 3

    /// Windows searched, and those whose pages never agreed.
    struct Tally: Sendable, Equatable {
        var windows = 0
        var unsteady = 0
    }

    /// Lists every window; the listing is complete (and may withdraw) only
    /// when each window's pages agreed on its total and held that many photos.
    func list(into listing: inout SourceListing, tally: inout Tally) async throws {
        var windows = [(from: 0, to: until)]
        var isComplete = true
        while let window = windows.popLast() {
            var first = try await read(window, page: 1)
            if first.total > Self.reachable {
                // More than 4,000 matches in one second cannot be listed; an
                // API that ignores the upload dates looks the same. Either
                // way splitting further would never end.
                guard window.from < window.to else { throw FlickrError.unsplittable(second: window.from, total: first.total) }
                let middle = window.from + (window.to - window.from) / 2
                // Oldest first: the later half waits underneath.
                windows.append((middle + 1, window.to))
                windows.append((window.from, middle))
                continue
            }
            tally.windows += 1
            // A steady read replaces what unsteady ones saw; without one,
            // everything seen is listed (and nothing withdrawn).
            var photos: [JSONValue] = []
            var isSteady = false
            for attempt in 1...Self.maxReads {
                if attempt > 1 { first = try await read(window, page: 1) }
                var read = first.photos
                var agrees = true
                // The page count follows from the total: a missing `pages` field cannot cut the window short.
                let pages = (min(first.total, Self.reachable) + Self.perPage - 1) / Self.perPage
                if pages >= 2 {
                    for page in 2...pages {
                        let body = try await self.read(window, page: page)
                        agrees = agrees && body.total == first.total
                        read += body.photos
                    }
                }
                if agrees && read.count == first.total {
                    photos = read
                    isSteady = true
                    break
                }
                photos += read
            }
            for photo in photos { listing.add(FlickrPhoto.item(from: photo, query: query)) }
            if !isSteady {
                tally.unsteady += 1
                isComplete = false
            }
        }
        listing.isComplete = isComplete
    }

    private func read(_ window: (from: Int, to: Int), page: Int) async throws -> FlickrSearchPage {
        try await reader.read(.init(url: url(from: window.from, to: window.to, page: page)))
    }

    /// The page's URL, without the key.
    func url(from: Int, to: Int, page: Int) -> String {
        var parameters = [("method", "flickr.photos.search")]
        if let text = query.text { parameters.append(("text", text)) }
        if let tags = query.tags { parameters.append(("tags", tags)) }
        if let license = query.license { parameters.append(("license", license)) }
        parameters += [
            ("min_upload_date", String(from)), ("max_upload_date", String(to)), ("sort", "date-posted-asc"),
            ("extras", Self.extras), ("per_page", String(Self.perPage)), ("page", String(page)),
            ("format", "json"), ("nojsoncallback", "1"),
        ]
        return "\(api)/?" + parameters.map { "\($0.0)=\(Self.encoded($0.1))" }.joined(separator: "&")
    }

    static func encoded(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~,")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
