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
    /// Movies TMDB serves of a list. It caches pages apart, so a movie can
    /// stand on two pages and the count never add up; the same list twice
    /// running is as still as that list gets.
    package let depth = Self.maxPages * Self.perPage

    package let api: String
    package let query: TMDBQuery
    /// Pages of the first pass holding an incomplete movie: what the
    /// app's whole-page decode throws away.
    package var pagesLost = 0

    package init(_ context: ListingContext) {
        api = context.options.api
        query = context.options[settings: TMDBQuery.self]
    }

    /// Past 500 pages the list cannot be read whole: reading it again would not help.
    package func open(_ window: Window, first: JSONRecordsPage) throws -> WindowOpening<Window> {
        .read(whole: (first.pageCount ?? 0) <= Self.maxPages)
    }

    package mutating func items(of page: JSONRecordsPage, at spot: PageSpot<Window>) -> [ListedItem?] {
        let items = page.records.enumerated().map { offset, movie in
            TMDBMovie.item(from: movie, rank: (spot.page - 1) * Self.perPage + offset + 1, query: query)
        }
        if spot.read == 1 && !spot.isCheck && items.contains(where: { $0?.isComplete != true }) { pagesLost += 1 }
        return items
    }

    package func finish(_ tally: ListingPager<Self>.Tally, listing: inout SourceListing, summary: inout CrawlSummary) {
        summary[count: TMDBFigure.pagesLostToWholePageDecode] = pagesLost
    }

    /// `GET /movie/now_playing?page=P`: `{"dates", "page", "results": […],
    /// "total_pages", "total_results"}`. TMDB's own rate limit (code 25)
    /// says when to come back: a request limit, not a front end blocking us.
    package static let request = JSONPageRequest<JSONRecordsPage>(
        noun: "movies", records: PageRecords("results", limit: perPage), tooManyRequests: errors.rateLimit(defaultRetryAfter: 1),
        decode: { JSONRecordsPage($0, records: "results", total: "total_results", pages: "total_pages") }, errors: errors)

    /// `{"success": false, "status_code": N, "status_message": …}`; a 401 (code 7 or 3): the key or token is wrong.
    package static let errors = APIErrorShape(
        api: "TMDB", code: "status_code", message: "status_message",
        credential: .init("the credential", check: "TMDB_READ_TOKEN or TMDB_API_KEY"), refusedStatuses: [401])

    /// The page's URL, without the key (a token goes in a header).
    package func url(page: Int, of window: Window) -> String {
        PercentEncoding.url(api, "/movie/now_playing", ["page": String(page), "language": query.language, "region": query.region])
    }
}
