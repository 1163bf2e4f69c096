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

    /// Windows searched, and photos no window could reach (more than 4,000
    /// uploaded within one second: not expected in practice).
    struct Tally: Sendable, Equatable {
        var windows = 0
        var unreachable = 0
        var expected = 0
    }

    func list(into listing: inout SourceListing, tally: inout Tally) async throws {
        var windows = [(from: 0, to: until)]
        while let window = windows.popLast() {
            let first = try await reader.read(.init(url: url(from: window.from, to: window.to, page: 1)))
            if first.total > Self.reachable && window.from < window.to {
                let middle = window.from + (window.to - window.from) / 2
                // Oldest first: the later half waits underneath.
                windows.append((middle + 1, window.to))
                windows.append((window.from, middle))
                continue
            }
            tally.windows += 1
            tally.expected += first.total
            tally.unreachable += max(0, first.total - Self.reachable)
            for photo in first.photos { listing.add(FlickrPhoto.item(from: photo, query: query)) }
            let pages = min(first.pages, (min(first.total, Self.reachable) + Self.perPage - 1) / Self.perPage)
            guard pages >= 2 else { continue }
            for page in 2...pages {
                let body = try await reader.read(.init(url: url(from: window.from, to: window.to, page: page)))
                for photo in body.photos { listing.add(FlickrPhoto.item(from: photo, query: query)) }
            }
        }
        listing.isComplete = true
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
