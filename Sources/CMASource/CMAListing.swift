import Basics
import ETLCore
import FetchEngine
import SourceKit

/// Reads every artwork by offset, 1,000 a page, through the kit's ``OffsetPager`` (the collection changes
/// daily, so offsets move while it is read). No `cc0` or `has_image` filter: the catalog records why each
/// other work is not kept, and a work that loses its licence or picture is not mistaken for withdrawn.
package struct CMAListing: RecordLister {
    /// At most 400 pages (six times the collection): memory stays bounded whatever a page claims.
    package static let (limit, maxPages) = (1_000, 400)

    package init() {}

    package func list(_ context: ListingContext, into listing: inout SourceListing, summary: inout CrawlSummary) async throws {
        let reader: PageReader<JSONPageRequest<JSONRecordsPage>, JSONRecordsPage> = context.reader(cmaPageRequest)
        let (api, picture) = (context.options.api, context.options.sourceSettings[CMASource.pictureKey] ?? "web")
        let pager = OffsetPager<ListedItem?>(limit: Self.limit, maxPages: Self.maxPages, key: { $0.map { String($0.id) } ?? "-" }) { skip, limit in
            let page = try await reader.read(.init(url: Self.url(api: api, skip: skip, limit: limit)))
            // How far the listing has read, not how many records came back: probes re-read earlier pages.
            let position = min(skip + page.records.count, page.total)
            await reader.observer?.reached(position, of: page.total, pages: (position + limit - 1) / limit)
            return .init(total: page.total, elements: page.records.map { CMAArtwork.item(from: $0, picture: picture) })
        }
        var state = OffsetPager<ListedItem?>.State()
        defer {
            // What was read and not yet handed on: stored too, even when the listing stopped half-way.
            for item in state.takePending() { listing.add(item) }
            listing.isComplete = state.isSettled
            (summary.listPages, summary.isListSettled) = (state.pages(limit: Self.limit), state.isSettled)
            summary.retries = reader.tally.total.retries
        }
        // Stored as it is read, page by page: memory holds two pages whatever the listing's length. A work
        // a mend finds deleted is taken back out; nothing is withdrawn unless the listing settles.
        try await pager.list(into: &state) { added, removed in
            try listing.remove(ids: removed.compactMap { Int($0) })
            for item in added { listing.add(item) }
            try listing.flush()
        }
    }

    package static func url(api: String, skip: Int, limit: Int) -> String {
        PercentEncoding.url(api, "/artworks/", ["skip": String(skip), "limit": String(limit), "fields": CMAArtwork.fields.joined(separator: ",")])
    }
}

/// `GET /artworks/?skip=S&limit=L`, one page (`{"info": {"total", "parameters"}, "data": […]}`): the kit's ladder;
/// a 429 with JSON waits, as Retry-After says.
let cmaPageRequest = JSONPageRequest<JSONRecordsPage>(
    noun: "artworks", records: PageRecords("data", limit: CMAListing.limit), tooManyRequests: .rateLimitIfJSON(defaultRetryAfter: 1, reason: { _ in "HTTP 429" }),
    decode: { JSONRecordsPage($0, records: "data", total: "info", "total") }, apiError: { _, _ in nil })
