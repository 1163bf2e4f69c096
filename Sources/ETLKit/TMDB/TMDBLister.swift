import Foundation

/// Lists today's now-playing movies, page 1 to `total_pages` (TMDB serves
/// 500 at most). The list can move while it is read: a movie added at the
/// top pushes every later one a page boundary down (read twice) and a movie
/// dropped pulls one up (missed). So after the last page, page 1 is read
/// again; if it changed, or `total_results` changed between pages, the
/// whole list is read once more (three passes at most), keeping every movie
/// seen once per `id`.
struct TMDBLister: Sendable {
    static let maxPages = 500
    static let maxPasses = 3

    let api: String
    let query: TMDBQuery
    let reader: PageReader<TMDBPageRequest, TMDBPage>

    struct Tally: Sendable, Equatable {
        var passes = 0
        var pagesRead = 0
        /// Pages of the first pass holding an incomplete movie: what the
        /// app's whole-page decode throws away.
        var pagesLost = 0
        var pagesInList = 0
        /// False when the list still moved during the last pass.
        var isSettled = false
    }

    func list(into listing: inout SourceListing, tally: inout Tally) async throws {
        for pass in 1...Self.maxPasses {
            tally.passes = pass
            let first = try await read(page: 1, into: &listing, tally: &tally, counting: pass == 1)
            let pages = min(first.totalPages, Self.maxPages)
            if pass == 1 { tally.pagesInList = pages }
            var totals: Set<Int> = [first.totalResults]
            if pages >= 2 {
                for number in 2...pages {
                    let page = try await read(page: number, into: &listing, tally: &tally, counting: pass == 1)
                    totals.insert(page.totalResults)
                }
            }
            let again = try await read(page: 1, into: &listing, tally: &tally, counting: false)
            totals.insert(again.totalResults)
            if Self.ids(of: first) == Self.ids(of: again) && totals.count == 1 {
                tally.isSettled = true
                break
            }
        }
        listing.isComplete = true
    }

    private func read(page number: Int, into listing: inout SourceListing, tally: inout Tally, counting: Bool) async throws -> TMDBPage {
        let page = try await reader.read(.init(number: number, url: url(page: number)))
        tally.pagesRead += 1
        let size = 20
        var isLost = false
        for (offset, movie) in page.results.enumerated() {
            let item = TMDBMovie.item(from: movie, rank: (number - 1) * size + offset + 1, query: query)
            if item?.isComplete != true { isLost = true }
            listing.add(item)
        }
        if counting && isLost { tally.pagesLost += 1 }
        return page
    }

    static func ids(of page: TMDBPage) -> [JSONValue?] { page.results.map { $0["id"] } }

    /// The page's URL, without the key (a token goes in a header).
    func url(page: Int) -> String {
        var parameters = [("page", String(page))]
        if let language = query.language { parameters.append(("language", language)) }
        if let region = query.region { parameters.append(("region", region)) }
        return "\(api)/movie/now_playing?" + parameters.map { "\($0.0)=\(FlickrLister.encoded($0.1))" }.joined(separator: "&")
    }
}
