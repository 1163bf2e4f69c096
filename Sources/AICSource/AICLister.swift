import Basics
import ETLCore
import FetchEngine
import SourceKit

/// Lists every artwork through the search, sorted by ID, in windows that
/// begin after the last ID of the window before (a window is its lowest
/// ID). A search serves no result past its 10,000th (a deeper page is an
/// error), so each window is read to that depth at most and the next one
/// starts above it: every page asked holds artworks, and a collection of N
/// costs about N ÷ 100 pages. The ``ListingPager`` reads a window again
/// while its pages disagree.
package struct AICLister: PagedListing {
    /// Results one search serves, and the most a page holds.
    package static let depth = 10_000
    package static let perPage = 100
    /// Windows one listing may take: 10,000 × this is far beyond any museum.
    package let maxWindows = 10_000
    package let firstWindow = 1

    package let api: String
    package let query: AICQuery
    /// The depth to read windows to: what a refused page taught, or an
    /// earlier run, else the documented one.
    package var depth: Int = Self.depth

    package init(_ context: ListingContext) {
        api = context.options.api
        query = context.options[settings: AICQuery.self]
        if let depth = context.searchDepth, depth > 0 { self.depth = min(depth, Self.depth) }
    }

    /// The API serves fewer than assumed: this window ends here, and later ones are read no deeper.
    package mutating func windowEnds(before page: Int, of from: Int) { depth = (page - 1) * Self.perPage }

    package func items(of page: AICAnswer, at spot: PageSpot<Int>) -> [ListedItem?] {
        guard case .page(let body) = page else { return [] }
        return body.records.map { AICArtwork.item(from: $0, iiif: Self.iiif(of: body), width: query.imageWidth) }
    }

    /// The IIIF Image API base the answer names for picture URLs, else the museum's own.
    package static func iiif(of page: JSONRecordsPage) -> String { page.json["config"]?["iiif_url"]?.nonBlankString ?? "https://www.artic.edu/iiif/2" }

    /// The next window starts above the highest ID read; none read (every
    /// artwork without an ID), or the highest ID there can be (a hostile
    /// 2^63 − 1), cannot move on.
    package func next(after from: Int, read: WindowRead<AICAnswer>) -> NextWindow<Int> {
        if read.firstPages.allSatisfy({ ($0.listedTotal ?? 0) <= depth }) { return .end }
        guard let highest = read.items.compactMap({ $0?.id }).max(), highest >= from,
              case (let next, false) = highest.addingReportingOverflow(1) else { return .stuck }
        return .next(next)
    }

    package func finish(_ tally: ListingPager<Self>.Tally, listing: inout SourceListing, summary: inout CrawlSummary) {
        // What a refused page taught (or the remembered depth), for the next run.
        listing.searchDepth = depth < Self.depth ? depth : nil
    }

    /// `GET /artworks/search`, one page. AIC's own refusals (a page past
    /// the depth a search serves, a limit over 100) are HTTP 403 or 400
    /// with a JSON error: the API's word rather than a front end's block.
    package static let request = JSONPageRequest<AICAnswer>(
        noun: "artworks", records: PageRecords("data", limit: perPage), early: [400, 403],
        // The API's own throttle (60 a minute, `{"message": …}`) says when
        // to come back: a request limit, not a front end blocking us.
        tooManyRequests: errors.rateLimit(defaultRetryAfter: 1, keys: ["error", "detail", "message"]),
        decode: { JSONRecordsPage($0, records: "data", total: "pagination", "total").map(AICAnswer.page) },
        apiError: { response, json in
            // Past the 10,000 results a search serves: the window ends here.
            if errors.isError(json), APIErrorShape.words(json?["error"]).lowercased().contains("number of results") {
                return .done(.body(.pastDepth(errors.said(json))))
            }
            return errors.verdict(response, json)
        })

    /// `{"status": 403, "error": …, "detail": …}`.
    package static let errors = APIErrorShape(api: "the Art Institute of Chicago's API", message: "error", detail: "detail")

    /// The page's URL: IDs from `from` up, by ID, 100 a page, the fields asked.
    package func url(page: Int, of from: Int) -> String { Self.url(api: api, from: from, page: page) }

    package static func url(api: String, from: Int, page: Int) -> String {
        PercentEncoding.url(api, "/artworks/search", [
            "query[range][id][gte]": String(from), "sort": "id", "limit": String(Self.perPage), "page": String(page),
            "fields": AICArtwork.fields.joined(separator: ","),
        ])
    }
}
