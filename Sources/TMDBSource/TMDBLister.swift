import Basics
import ETLCore
import FetchEngine
import SourceKit

/// Lists today's now-playing movies, page 1 to `total_pages` (TMDB serves
/// 500 at most), as one window. The list can move while it is read: a
/// movie added at the top pushes every later one a page boundary down
/// (read twice) and a movie dropped pulls one up (missed). So after the
/// last page, page 1 is read again, and the ``ListingPager`` reads the list
/// again (three passes at most) until a pass holds still. When none did,
/// every movie seen is kept once per `id` and nothing is withdrawn (nor
/// for a list over 500 pages, read once).
package struct TMDBLister: PagedListing {
    package static let maxPages = 500
    package static let perPage = 20
    package static let maxPasses = ListingPager<Self>.maxReads
    /// Movies TMDB serves of a list. It caches pages apart, so a movie can
    /// stand on two pages and the count never add up; the same list twice
    /// running is as still as that list gets.
    package let depth = Self.maxPages * Self.perPage

    package let api: String
    package let query: TMDBQuery
    /// Pages of the first pass holding an incomplete movie: what the
    /// app's whole-page decode throws away.
    package var pagesLost = 0
    /// Pages the list has (TMDB serves the first 500).
    package var pagesInList = 0

    /// One window: its passes are what the summary tells.
    package typealias Window = WholeList

    package init(_ context: ListingContext) {
        api = context.options.api
        query = context.options[settings: TMDBQuery.self]
    }

    /// Past 500 pages the list cannot be read whole: reading it again would not help.
    package mutating func open(_ window: Window, first: TMDBPage) throws -> WindowOpening<Window> {
        pagesInList = first.totalPages
        return .read(whole: first.totalPages <= Self.maxPages)
    }

    package func pages(of window: Window, first: TMDBPage) -> Int { min(first.totalPages, Self.maxPages) }

    package mutating func items(of page: TMDBPage, at spot: PageSpot<Window>) -> [ListedItem?] {
        let items = page.records.enumerated().map { offset, movie in
            TMDBMovie.item(from: movie, rank: (spot.page - 1) * Self.perPage + offset + 1, query: query)
        }
        if spot.read == 1 && !spot.isCheck && items.contains(where: { $0?.isComplete != true }) { pagesLost += 1 }
        return items
    }

    package func finish(_ tally: ListingPager<Self>.Tally, listing: inout SourceListing, summary: inout CrawlSummary) {
        summary.listPages = pagesInList
        summary[count: TMDBFigure.pagesLostToWholePageDecode] = pagesLost
    }

    /// `GET /movie/now_playing?page=P`; TMDB's errors are
    /// `{"success": false, "status_code": N, "status_message": …}`.
    package static let request = JSONPageRequest<TMDBPage>(
        noun: "movies",
        // TMDB's own rate limit (code 25) says when to come back: a
        // request limit, not a front end blocking us.
        tooManyRequests: .rateLimitIfJSON(
            defaultRetryAfter: 1, reason: { "HTTP 429: \(TerminalText.escaped(said(JSONValue.decode($0.body)).message))" }),
        decode: TMDBPage.init,
        apiError: { response, json in
            let (code, message) = said(json)
            // 401, code 7 (or 3): the key or token is wrong.
            if response.status == 401 { return .fatal(SourceAPIError(api: "TMDB", refused: credential, message: message)) }
            return .fatal(SourceAPIError(api: "TMDB", status: response.status, code: code, message: message))
        })

    package static let credential = SourceAPIError.Credential("the credential", check: "TMDB_READ_TOKEN or TMDB_API_KEY")

    /// The error body's `status_code` and `status_message`, cut short.
    private static func said(_ json: JSONValue?) -> (code: Int, message: String) {
        (json?["status_code"]?.integer.map(Int.init) ?? -1, JSONPageRequest<TMDBPage>.said(json?["status_message"], or: "no message"))
    }

    /// The page's URL, without the key (a token goes in a header).
    package func url(page: Int, of window: Window) -> String {
        PercentEncoding.url(api, "/movie/now_playing", ["page": String(page), "language": query.language, "region": query.region])
    }
}
