import ETLCore
import SourceKit
import Store

/// The TMDB app's strict decode, applied per movie instead of per page:
/// `id` an integer; `title`, `overview`, `poster_path`, `release_date`
/// strings non-empty after trimming; `vote_average` a number. The app
/// decodes a page of 20 at once, so one incomplete movie costs it all 20.
package enum TMDBMovie {
    package static let table = SourceTable(
        name: "tmdb_movies",
        description: "TMDB's own fields of every listed movie, kept or not. Join to works on object_id.",
        columns: [
            .copy("original_title", "TEXT", "The title in the original language."),
            .copy("original_language", "TEXT", "ISO 639-1 code of the original language."),
            .copy("overview", "TEXT", "The plot summary."),
            .copy("release_date", "TEXT", "Release date, YYYY-MM-DD."),
            .copy("vote_average", "REAL", "Average vote, 0 to 10."),
            .copy("vote_count", "INTEGER", "Number of votes."),
            .copy("popularity", "REAL", "TMDB's popularity score when listed."),
            .copy("poster_path", "TEXT", "Path of the poster; the picture URL adds a size prefix."),
            .copy("backdrop_path", "TEXT", "Path of the backdrop image."),
            .column("genre_ids", "TEXT", "TMDB genre IDs, a JSON array."),
            .column("adult", "INTEGER", "1 for adult content."),
            .column("list_rank", "INTEGER", "Position in today's now-playing list, from 1."),
            .column("movie_page_url", "TEXT", "The movie's page on themoviedb.org: link back to it."),
        ])

    /// The movie as a catalog item; nil when it has no ID to key it by.
    package static func item(from movie: JSONValue, rank: Int, query: TMDBQuery) -> ListedItem? {
        guard var check = RecordCheck(movie) else { return nil }
        let title = check.text("title", else: .missingTitle)
        check.expect(movie["overview"]?.nonBlankString != nil, else: TMDBReason.missingOverview.reason)
        let poster = check.text("poster_path", else: TMDBReason.missingPosterPath.reason)
        let released = check.text("release_date", else: TMDBReason.missingReleaseDate.reason)
        check.expect(movie["vote_average"]?.number != nil, else: TMDBReason.missingVoteAverage.reason)
        let pageURL = "https://www.themoviedb.org/movie/\(check.id)"
        var item = check.item(details: table.values(of: movie, computed: [
            "genre_ids": .text(movie["genre_ids"].map(\.encoded)),
            "adult": .bool(movie["adult"].flatMap { if case .bool(let flag) = $0 { flag } else { nil } }),
            "list_rank": .int(rank), "movie_page_url": .text(pageURL),
        ]))
        item.title = title ?? movie["title"]?.string
        item.date = released
        item.year = ListedItem.year(ofDate: released)
        item.classification = TMDBGenre.first(of: movie["genre_ids"])
        item.imageURL = poster.map { "\(query.imageBase)\($0.hasPrefix("/") ? "" : "/")\($0)" }
        item.pageURL = pageURL
        return item
    }
}
