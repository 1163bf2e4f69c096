import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit
import Store

/// Lists today's now-playing movies, page 1 to `total_pages` (TMDB serves
/// 500 at most). The list can move while it is read: a movie added at the
/// top pushes every later one a page boundary down (read twice) and a movie
/// dropped pulls one up (missed). So after the last page, page 1 is read
/// again; the pass held still when page 1 is unchanged, every page gave the
/// same `total_results`, and the pass saw that many distinct movies, or when
/// it read the same movies in the same order as the pass before. Otherwise
/// the whole list is read again (three passes at most). The pass that held
/// still is the list; when none did, every movie seen is kept once per `id`
/// and nothing is withdrawn (nor for a list over 500 pages, read once).
package struct TMDBLister: Sendable {
    package static let maxPages = 500
    package static let maxPasses = 3

    package let api: String
    package let query: TMDBQuery
    package let reader: PageReader<TMDBPageRequest, TMDBPage>

    package struct Tally: Sendable, Equatable {
        package var passes = 0
        /// Pages of the first pass holding an incomplete movie: what the
        /// app's whole-page decode throws away.
        package var pagesLost = 0
        /// Pages the list has (TMDB serves the first 500).
        package var pagesInList = 0
        /// False when the list still moved during the last pass.
        package var isSettled = false
    }

    package func list(into listing: inout SourceListing, tally: inout Tally) async throws {
        // `listing` gathers every pass, so a run stopped half-way stores what it read.
        var previous: [String]?
        for pass in 1...Self.maxPasses {
            tally.passes = pass
            var current = SourceListing()
            var order: [String] = []
            var reader = PassReader(lister: self, counting: pass == 1)
            let first = try await reader.read(page: 1, into: &listing, &current, order: &order, tally: &tally)
            if pass == 1 { tally.pagesInList = first.totalPages }
            await self.reader.observer?.expect(fromLastPage: min(first.totalResults, Self.maxPages * 20))
            var totals: Set<Int> = [first.totalResults]
            let pages = min(first.totalPages, Self.maxPages)
            if pages >= 2 {
                for number in 2...pages {
                    totals.insert(try await reader.read(page: number, into: &listing, &current, order: &order, tally: &tally).totalResults)
                }
            }
            // Past 500 pages the list cannot be read whole: reading it again would not help.
            if first.totalPages > Self.maxPages { break }
            // Page 1 again only tells whether the list moved; a pass that
            // held still has its movies already, one that moved is read again.
            reader.counting = false
            var scratch = SourceListing()
            var again: [String] = []
            let reread = try await reader.read(page: 1, into: &listing, &scratch, order: &again, tally: &tally)
            totals.insert(reread.totalResults)
            let isStill = Self.ids(of: first) == Self.ids(of: reread) && totals.count == 1
                && Set(order).count == min(first.totalResults, Self.maxPages * 20)
            // TMDB caches pages apart, so a movie can stand on two pages and
            // the count never add up; the same list twice running is as still
            // as that list gets.
            if isStill || order == previous {
                tally.isSettled = true
                listing = current
                break
            }
            previous = order
        }
        listing.isComplete = tally.isSettled && tally.pagesInList <= Self.maxPages
    }

    /// Reads one pass's pages into the run's listing and the pass's own.
    private struct PassReader {
        let lister: TMDBLister
        var counting: Bool

        func read(
            page number: Int, into listing: inout SourceListing, _ current: inout SourceListing, order: inout [String],
            tally: inout Tally
        ) async throws -> TMDBPage {
            let page = try await lister.reader.read(.init(number: number, url: lister.url(page: number)))
            let size = 20
            var isLost = false
            for (offset, movie) in page.results.enumerated() {
                let item = TMDBMovie.item(from: movie, rank: (number - 1) * size + offset + 1, query: lister.query)
                if item?.isComplete != true { isLost = true }
                order.append(movie["id"]?.encoded ?? "missing \(number).\(offset)")
            listing.add(item)
                current.add(item)
            }
            if counting && isLost { tally.pagesLost += 1 }
            return page
        }
    }

    package static func ids(of page: TMDBPage) -> [JSONValue?] { page.results.map { $0["id"] } }

    /// The page's URL, without the key (a token goes in a header).
    package func url(page: Int) -> String {
        var parameters = [("page", String(page))]
        if let language = query.language { parameters.append(("language", language)) }
        if let region = query.region { parameters.append(("region", region)) }
        return "\(api)/movie/now_playing?" + parameters.map { "\($0.0)=\(QueryValue.encoded($0.1))" }.joined(separator: "&")
    }
}
