import ETLCore
import FetchEngine
import Foundation

/// Lists every artwork through the search, sorted by ID, in windows that
/// begin after the last ID of the window before. A search serves no result
/// past its 10,000th (a deeper page is an error), so each window is read
/// to that depth at most and the next one starts above it: every page asked
/// holds artworks, and a collection of N costs about N ÷ 100 pages.
///
/// A window whose pages disagree on the total (an artwork deleted or added
/// while it was read moves the later ones a place) is read again; a steady
/// read replaces what the earlier reads saw. Without one, all of them are
/// kept and nothing is withdrawn.
package struct AICLister: Sendable {
    /// Results one search serves, and the most a page holds.
    package static let depth = 10_000
    package static let perPage = 100
    package static let maxReads = 3
    /// Windows one listing may take: 10,000 × this is far beyond any museum.
    package static let maxWindows = 10_000

    package let api: String
    package let query: AICQuery
    package let reader: PageReader<AICSearchRequest, AICAnswer>
    /// The depth to read windows to: what an earlier run learnt, else the documented one.
    package var startDepth = Self.depth

    package struct Tally: Sendable, Equatable {
        package var windows = 0
        package var unsteady = 0
    }

    /// One read of a window: its artworks in order, whether it held still,
    /// and whether it reached the end of the collection.
    private struct Read {
        var artworks: [JSONValue] = []
        var iiif: String?
        var isSteady = true
        var isLast = true
    }

    package func list(into listing: inout SourceListing, tally: inout Tally) async throws {
        var from = 1
        var isComplete = true
        var depth = startDepth
        // What a refused page taught (or the remembered depth), for the next run.
        defer { listing.searchDepth = depth < Self.depth ? depth : nil }
        for _ in 0..<Self.maxWindows {
            tally.windows += 1
            await reader.observer?.windowsOpened(tally.windows)
            let read = try await readWindow(from: from, depth: &depth)
            if !read.isSteady {
                tally.unsteady += 1
                isComplete = false
            }
            let iiif = read.iiif ?? "https://www.artic.edu/iiif/2"
            for artwork in read.artworks { listing.add(AICArtwork.item(from: artwork, iiif: iiif, width: query.imageWidth)) }
            // A window read is final: stored now, so memory holds one window however long the listing.
            try listing.flush()
            // The next window starts above the highest ID read; none read
            // (every artwork without an ID), or the highest ID there can be
            // (a hostile 2^63 − 1), cannot move on.
            guard !read.isLast, let highest = read.artworks.compactMap(Self.id).max(), highest >= from,
                  case (let next, false) = highest.addingReportingOverflow(1) else {
                if !read.isLast { isComplete = false }
                listing.isComplete = isComplete
                return
            }
            from = next
        }
        listing.isComplete = false
    }

    /// Reads the window of IDs from `from` up, again while its pages disagree.
    /// A page past the API's depth shortens `depth` for this and later windows.
    private func readWindow(from: Int, depth: inout Int) async throws -> Read {
        var previous: [JSONValue?]?
        var seen = Read(isSteady: false, isLast: true)
        for _ in 1...Self.maxReads {
            var read = Read()
            var totals: Set<Int> = []
            var firstTotal = 0
            var page = 1
            var pages = 1
            while page <= pages {
                switch try await reader.read(.init(url: url(from: from, page: page))) {
                case .page(let body):
                    totals.insert(body.total)
                    if page == 1 {
                        await reader.observer?.expect(fromLastPage: body.total)
                        firstTotal = body.total
                        read.iiif = body.iiifURL
                        pages = (min(body.total, depth) + Self.perPage - 1) / Self.perPage
                        read.isLast = body.total <= depth
                    }
                    read.artworks += body.artworks
                case .pastDepth:
                    guard page > 1 else { throw CrawlError.listingFailed(url: url(from: from, page: page), reason: "the first page is past the depth") }
                    // The API serves fewer than assumed: this window ends here.
                    depth = (page - 1) * Self.perPage
                    pages = page - 1
                    read.isLast = firstTotal <= depth
                }
                page += 1
            }
            let expected = read.isLast ? firstTotal : pages * Self.perPage
            let ids = read.artworks.map { $0["id"] }
            if (totals.count <= 1 && read.artworks.count == expected) || ids == previous { return read }
            previous = ids
            seen.artworks += read.artworks
            seen.iiif = seen.iiif ?? read.iiif
            seen.isLast = seen.isLast && read.isLast
        }
        return seen
    }

    private static func id(_ artwork: JSONValue) -> Int? {
        switch artwork["id"] {
        case .integer(let number)?: return Int(number)
        case .string(let text)?: return Int(text)
        default: return nil
        }
    }

    /// The page's URL: IDs from `from` up, by ID, 100 a page, the fields asked.
    package func url(from: Int, page: Int) -> String { Self.url(api: api, from: from, page: page) }

    package static func url(api: String, from: Int, page: Int) -> String {
        let parameters = [
            ("query[range][id][gte]", String(from)), ("sort", "id"), ("limit", String(Self.perPage)), ("page", String(page)),
            ("fields", AICArtwork.fields.joined(separator: ",")),
        ]
        return "\(api)/artworks/search?" + parameters.map { "\(QueryValue.encoded($0.0))=\(QueryValue.encoded($0.1))" }.joined(separator: "&")
    }
}
